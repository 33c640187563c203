import { crashParams, crashWinChance, formatAmount, formatNumber, formatRupees } from '@app/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Loading } from '@/components/ui';
import { useSession } from '@/lib/session';
import { useCasinoStakes } from '../../api/casino-page-calls';
import { useCrashBet, useCrashCashout, useCrashState } from '../../api/fair-calls';
import { playTone } from '../../model/sound';
import { useCrashFlight } from '../../model/use-crash-flight';
import { CrashChainPanel } from './crash-chain-panel';
import { CrashFlightBoard } from './crash-flight-board';
import { GameRefusal } from './game-refusal';
import { PayoutHint } from './payout-hint';
import { StakePicker } from './stake-picker';

/** What the auto cash-out the player typed pays, and how often a round reaches it (the rules that settle it). */
function CashoutPayout({ auto }: { auto: string }) {
  const parsed = crashParams.safeParse({ cashout: Number(auto) });
  if (!auto || !parsed.success) return null;
  const hundredths = Math.round(parsed.data.cashout * 100);
  return <PayoutHint multiplier={hundredths * 100} chance={crashWinChance(hundredths)} />;
}

/** Crash: one shared round for everyone; bet while it opens, cash out before it crashes. */
export function CrashGame({ token, onBalanceChanged }: { token: string; onBalanceChanged: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const state = useCrashState(token);
  const bet = useCrashBet(token);
  const cashout = useCrashCashout(token);
  const stakes = useCasinoStakes(Boolean(session));
  const [stake, setStake] = useState<number>(Number.NaN);
  const [auto, setAuto] = useState('');
  const data = state.data;
  const polled = useMemo(() => (data ? { now: data.now, round: data.round, receivedAt: data.receivedAt } : undefined), [data]);
  // The round as the server tells it, socket and poll merged: the page draws from this alone.
  const { view, serverNow } = useCrashFlight(polled);
  const [cashingOutAt, setCashingOutAt] = useState<number | null>(null);
  const chosenStake = Number.isFinite(stake) ? stake : (stakes[0] ?? 10);
  const phase = view?.phase;
  const lastPhase = useRef<string | undefined>(undefined);
  const roundNumber = view?.roundNumber;
  const resetCashout = cashout.reset;
  // A refusal belongs to its round: the next round starts clean.
  useEffect(() => resetCashout(), [roundNumber, resetCashout]);
  useEffect(() => {
    if (phase === 'crashed' && lastPhase.current === 'running') {
      playTone('lose');
      onBalanceChanged();
    }
    lastPhase.current = phase;
  }, [phase, onBalanceChanged]);

  if (state.isPending) return <Loading label={t('casino.loading')} />;
  if (state.error || !data) {
    return (
      <p className="casino-empty" role="alert">
        {state.error?.message} <Link to="/home">{t('casino.play.backToLobby')}</Link>
      </p>
    );
  }
  const round = view?.round ?? data.round;
  const secondsToStart = Math.max(0, Math.ceil((round.betting_ends_at - serverNow()) / 1000));
  // The cash-out's own answer settles the bet on screen at once, before the next poll.
  const cashedNow = cashout.data?.bet.round_number === round.round_number ? cashout.data.bet : null;
  const myBet = cashedNow ?? (data.my_bet?.round_number === round.round_number ? data.my_bet : null);
  return (
    <div className="casino-game" data-game="crash">
      <header className="casino-game__head">
        <h1>{t('casino.crash.title')}</h1>
        <p className="casino-game__balance">
          {t('casino.play.balance')} <strong data-testid="game-balance">{formatRupees(data.balance)}</strong>
        </p>
      </header>
      <div className={`casino-frame casino-crash casino-crash--${round.phase}`}>
        <p className="casino-crash__round">{t('casino.crash.round', { n: round.round_number })}</p>
        <CrashFlightBoard
          view={view}
          serverNow={serverNow}
          secondsToStart={secondsToStart}
          canCashOut={Boolean(myBet && !myBet.is_settled)}
          cashingOutAt={cashingOutAt}
          onCashOut={(at) => {
            setCashingOutAt(at);
            cashout.mutate(at / 100, {
              onSuccess: () => {
                playTone('win');
                onBalanceChanged();
              },
              onSettled: () => setCashingOutAt(null),
            });
          }}
        />
        <p className="casino-mono casino-crash__hash" data-testid="crash-round-commitment">
          {t('casino.crash.hash', { hash: round.server_seed_hash })}
        </p>
      </div>
      <div className="casino-controls">
        {myBet ? (
          <p role="status">
            {myBet.cashout !== null
              ? t('casino.crash.cashedOut', { at: myBet.cashout.toFixed(2), amount: formatAmount(myBet.payout) })
              : t('casino.crash.yourBet', { amount: formatAmount(myBet.stake) })}
          </p>
        ) : null}
        <GameRefusal message={cashout.error?.message ?? null} />
        {round.phase === 'running' && myBet && !myBet.is_settled ? null : (
          <>
            <StakePicker stakes={stakes} value={chosenStake} onChange={setStake} />
            <label className="casino-field">
              <span>{t('casino.crash.auto')}</span>
              <input
                type="number"
                inputMode="decimal"
                min={1.01}
                step={0.01}
                value={auto}
                onChange={(event) => setAuto(event.target.value)}
              />
            </label>
            <CashoutPayout auto={auto} />
            <GameRefusal message={bet.error?.message ?? null} />
            <Button
              type="button"
              isBlock
              disabled={round.phase !== 'betting' || Boolean(myBet)}
              isLoading={bet.isPending}
              onClick={() =>
                bet.mutate(
                  { stake: chosenStake, ...(auto ? { auto_cashout: Number(auto) } : {}) },
                  { onSuccess: () => onBalanceChanged() },
                )
              }
            >
              {round.phase === 'betting'
                ? t('casino.play.bet', { amount: formatNumber(chosenStake) })
                : t('casino.crash.waitNext')}
            </Button>
          </>
        )}
      </div>
      <section className="casino-section" aria-labelledby="crash-players">
        <h2 id="crash-players">{t('casino.crash.players')}</h2>
        <ul className="casino-crash__bets">
          {data.bets.map((row, index) => (
            <li key={index}>
              {row.player} · {formatRupees(row.stake)} {row.cashout !== null ? `· ${row.cashout.toFixed(2)}×` : ''}
            </li>
          ))}
        </ul>
        <h2>{t('casino.crash.history')}</h2>
        <ol className="casino-crash__history">
          {data.history.map((row) => (
            <li key={row.round_number}>
              <Link to={`/provably-fair?crash=${row.round_number}`}>{row.crash_point.toFixed(2)}×</Link>
            </li>
          ))}
        </ol>
      </section>
      <CrashChainPanel round={round} />
    </div>
  );
}
