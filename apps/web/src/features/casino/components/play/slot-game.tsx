import {
  type FairRoundView,
  formatAmount,
  formatNumber,
  formatRupees,
  paiseToRupees,
  rupeesToPaise,
  SLOT_DEFINITIONS,
  SLOT_ROWS,
  SLOT_RTP_PERCENT,
  type SlotCode,
  type SlotDefinition,
  type SlotRound,
  slotWindow,
} from '@app/shared';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Loading } from '@/components/ui';
import { useSession } from '@/lib/session';
import { useCasinoStakes } from '../../api/casino-page-calls';
import { useFairPlay, useFairState } from '../../api/fair-calls';
import { playTone } from '../../model/sound';
import { ownGameName } from '../../model/game-name';
import { GameRefusal } from './game-refusal';
import { RoundHistory } from './round-history';
import { SeedsPanel } from './seeds-panel';
import { SoundToggle } from './sound-toggle';
import { SLOT_SYMBOL_ART, SlotSymbol, type SymbolArt } from './slot-symbols';
import { StakePicker } from './stake-picker';

/** A spin animates at least this long unless the player turns animation off (RTS 14). */
export const SLOT_SPIN_MS = 2_600;
/** The reels stop one after another, this far apart, the last at SLOT_SPIN_MS. */
const REEL_STAGGER_MS = 300;

/** A symbol's name in the player's language (the reels' label, win lines, the paytable's screen-reader text). */
function useSymbolName(code: SlotCode): (symbol: string) => string {
  const { t } = useTranslation();
  const art = SLOT_SYMBOL_ART[code];
  return (symbol) => {
    const drawn = art[symbol];
    return drawn ? t(`slots.symbols.${drawn}`) : symbol;
  };
}

// ——— The animation preference: off by default when the system asks for reduced motion ———
const ANIMATION_KEY = 'slots.animation';
const listeners = new Set<() => void>();
function readAnimation(): boolean {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(ANIMATION_KEY);
  if (stored === 'on' || stored === 'off') return stored === 'on';
  return !(typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches);
}
function setAnimation(isOn: boolean) {
  localStorage.setItem(ANIMATION_KEY, isOn ? 'on' : 'off');
  for (const listener of listeners) listener();
}
function useAnimationOn(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readAnimation,
    () => true,
  );
}

function Reels({
  slot,
  art,
  stops,
  spinningFrom,
  winning,
  label,
}: {
  slot: SlotDefinition;
  art: Record<string, SymbolArt>;
  stops: readonly number[];
  /** Reels from this index on are still spinning. */
  spinningFrom: number;
  winning: Set<string>;
  label: string;
}) {
  const window = slotWindow(slot.reels, stops);
  return (
    <div className="slot-reels" role="img" aria-label={label} data-testid="slot-reels">
      {window.map((column, reel) => {
        const isSpinning = reel >= spinningFrom;
        return (
          <div key={reel} className={`slot-reel${isSpinning ? ' slot-reel--spinning' : ''}`}>
            {isSpinning ? (
              <div className="slot-reel__blur" aria-hidden="true">
                {[...(slot.reels[reel] ?? '')].slice(0, 8).map((symbol, index) => (
                  <span key={index} className="slot-cell">
                    <SlotSymbol art={art[symbol]} />
                  </span>
                ))}
              </div>
            ) : (
              column.map((symbol, row) => (
                <span
                  key={row}
                  className={`slot-cell${winning.has(`${reel}:${row}`) ? ' slot-cell--win' : ''}`}
                  data-symbol={symbol}
                >
                  <SlotSymbol art={art[symbol]} />
                </span>
              ))
            )}
          </div>
        );
      })}
    </div>
  );
}

/** The cells a spin's wins cover, as `reel:row`. */
function winningCells(slot: SlotDefinition, round: SlotRound | undefined): Set<string> {
  const cells = new Set<string>();
  if (!round) return cells;
  const window = slotWindow(slot.reels, round.stops);
  for (const win of round.wins) {
    if (win.line !== undefined) {
      slot.paylines[win.line - 1]?.slice(0, win.count).forEach((row, reel) => cells.add(`${reel}:${row}`));
    } else {
      for (let reel = 0; reel < win.count; reel += 1)
        window[reel]?.forEach((symbol, row) => symbol === win.symbol && cells.add(`${reel}:${row}`));
    }
  }
  return cells;
}

function Paytable({ code, slot, stake, lines }: { code: SlotCode; slot: SlotDefinition; stake: number; lines: number }) {
  const { t } = useTranslation();
  const art = SLOT_SYMBOL_ART[code];
  const symbolName = useSymbolName(code);
  const units = slot.kind === 'lines' ? lines : slot.units;
  const counts = Array.from({ length: slot.reels.length }, (_, index) => index + 1).filter((count) =>
    Object.values(slot.pays).some((pays) => (pays[count] ?? 0) > 0),
  );
  return (
    <details className="slot-paytable" data-testid="slot-paytable">
      <summary>{t('slots.paytable')}</summary>
      <p>
        {slot.kind === 'lines'
          ? t('slots.linesRule', { lines: formatNumber(lines) })
          : t('slots.waysRule', { ways: formatNumber(SLOT_ROWS ** slot.reels.length), units: formatNumber(units) })}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('slots.symbol')}</th>
            {counts.map((count) => (
              <th key={count} scope="col">
                {t('slots.inARow', { count })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Object.entries(slot.pays).map(([symbol, pays]) => (
            <tr key={symbol}>
              <th scope="row">
                <SlotSymbol art={art[symbol]} />
                <span className="visually-hidden">{symbolName(symbol)}</span>
              </th>
              {counts.map((count) => {
                const pay = pays[count] ?? 0;
                return (
                  <td key={count}>
                    {pay > 0 ? (
                      <>
                        {formatNumber(pay)}× <small>{formatRupees((pay * stake) / units)}</small>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {slot.freeSpins && (
        <p>
          {t('slots.freeSpinsRule', {
            symbol: symbolName(slot.freeSpins.scatter),
            multiplier: slot.freeSpins.multiplier,
          })}
        </p>
      )}
      <p>{t('slots.rtp', { rtp: formatNumber(SLOT_RTP_PERCENT[code]) })}</p>
    </details>
  );
}

/** One of our slots: reels, paytable, lines (classic), stake and a Spin button; one spin at a time. */
export function SlotGame({
  gameCode,
  token,
  onBalanceChanged,
}: {
  gameCode: SlotCode;
  token: string;
  onBalanceChanged: () => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const slot = SLOT_DEFINITIONS[gameCode];
  const symbolName = useSymbolName(gameCode);
  const state = useFairState(token, gameCode);
  const play = useFairPlay(token, gameCode);
  const stakes = useCasinoStakes(Boolean(session));
  const isAnimated = useAnimationOn();
  const [stake, setStake] = useState<number>(Number.NaN);
  const [lines, setLines] = useState(slot.paylines.length || 0);
  const [last, setLast] = useState<{ round: FairRoundView; balance: number } | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | null>(null);
  // While spinning: when the spin started and, once the server answered, the round to reveal.
  const [spin, setSpin] = useState<{ startedAt: number; pending?: { round: FairRoundView; balance: number } } | undefined>();
  const [now, setNow] = useState(0);
  const timer = useRef<number | undefined>(undefined);
  const chosenStake = Number.isFinite(stake) ? stake : (stakes[0] ?? 10);

  const reveal = (data: { round: FairRoundView; balance: number }) => {
    setSpin(undefined);
    setLast(data);
    onBalanceChanged();
    playTone(data.round.payout > 0 ? 'win' : 'lose');
  };

  // Ticks while a spin animates; the reels stop one by one, the last at SLOT_SPIN_MS.
  useEffect(() => {
    if (!spin) return undefined;
    timer.current = window.setInterval(() => setNow(Date.now()), 100);
    return () => window.clearInterval(timer.current);
  }, [spin]);
  useEffect(() => {
    if (spin?.pending && now >= spin.startedAt + SLOT_SPIN_MS) reveal(spin.pending);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reveal is stable enough: it only sets state
  }, [now, spin]);

  if (state.isPending) return <Loading label={t('casino.loading')} />;
  if (state.error) {
    return (
      <p className="casino-empty" role="alert">
        {state.error.message} <Link to="/home">{t('casino.play.backToLobby')}</Link>
      </p>
    );
  }
  const isSpinning = spin !== undefined;
  const shown = last?.round.outcome as SlotRound | undefined;
  const balance = last?.balance ?? state.data.balance;
  const elapsed = spin ? now - spin.startedAt : 0;
  const spinningFrom = !spin
    ? slot.reels.length
    : spin.pending
      ? Math.max(0, Math.min(slot.reels.length, Math.floor((elapsed - SLOT_SPIN_MS) / REEL_STAGGER_MS) + slot.reels.length))
      : 0;
  const displayedStops = spin?.pending
    ? (spin.pending.round.outcome as SlotRound).stops
    : (shown?.stops ?? slot.reels.map(() => 0));
  const freeSpins = shown?.free_spins ?? [];
  const freeWin = last
    ? paiseToRupees(
        Math.floor(
          (rupeesToPaise(last.round.stake) *
            freeSpins.reduce((sum, free) => sum + free.wins.reduce((total, win) => total + win.pays, 0), 0)) /
            10_000,
        ),
      )
    : 0;

  const placeSpin = () => {
    setRefusal(null);
    const startedAt = Date.now();
    if (isAnimated) {
      setNow(startedAt);
      setSpin({ startedAt });
    }
    play.mutate(
      { stake: chosenStake, params: gameCode === 'classic-sevens' ? { lines } : {} },
      {
        onSuccess: (data) => {
          if (isAnimated) setSpin({ startedAt, pending: data });
          else reveal(data);
        },
        onError: (error) => {
          setSpin(undefined);
          setRefusal(error.message);
        },
      },
    );
  };

  const reelsLabel = t('slots.reels', {
    symbols: slotWindow(slot.reels, displayedStops)
      .map((column) => column.map(symbolName).join(', '))
      .join(' | '),
  });

  return (
    <div className="casino-game slot-game" data-game={gameCode}>
      <header className="casino-game__head">
        <h1>{ownGameName(t, gameCode, state.data.game_name)}</h1>
        <p className="casino-game__balance">
          {t('casino.play.balance')} <strong data-testid="game-balance">{formatRupees(balance)}</strong>
        </p>
        <SoundToggle />
        <button
          type="button"
          className="casino-sound"
          aria-pressed={isAnimated}
          data-testid="slot-animation"
          onClick={() => setAnimation(!isAnimated)}
        >
          {isAnimated ? t('slots.animationOn') : t('slots.animationOff')}
        </button>
      </header>
      <div className="casino-frame">
        <Reels
          slot={slot}
          art={SLOT_SYMBOL_ART[gameCode]}
          stops={displayedStops}
          spinningFrom={spinningFrom}
          winning={isSpinning ? new Set() : winningCells(slot, shown)}
          label={isSpinning ? t('slots.spinning') : reelsLabel}
        />
        {isSpinning && (
          <p className="casino-board__hint" role="status">
            {t('slots.spinning')}
          </p>
        )}
        {last && !isSpinning && (
          <div
            key={last.round.round_uuid}
            data-round={last.round.round_uuid}
            className={`casino-result casino-result--${last.round.payout > 0 ? 'win' : 'lose'}`}
            role="status"
            data-testid="round-result"
          >
            <p>
              {last.round.payout > 0
                ? t('casino.play.won', {
                    amount: formatAmount(last.round.payout),
                    multiplier: formatNumber(last.round.multiplier / 10_000),
                  })
                : t('casino.play.lost', { amount: formatAmount(last.round.stake) })}
            </p>
            {shown?.wins.map((win, index) => (
              <p key={index} className="slot-win-line">
                {win.line !== undefined
                  ? t('slots.lineWin', { line: win.line, count: win.count, symbol: symbolName(win.symbol) })
                  : t('slots.waysWin', { ways: win.ways ?? 1, count: win.count, symbol: symbolName(win.symbol) })}
              </p>
            ))}
            {freeSpins.length > 0 && (
              <p data-testid="slot-free-spins">
                {t('slots.freeSpinsWon', { count: freeSpins.length, amount: formatAmount(freeWin) })}
              </p>
            )}
          </div>
        )}
      </div>
      <div className="casino-controls slot-controls">
        {gameCode === 'classic-sevens' && (
          <fieldset className="casino-choice">
            <legend>{t('slots.lines')}</legend>
            {[1, 2, 3, 4, 5].map((count) => (
              <button
                key={count}
                type="button"
                aria-pressed={lines === count}
                onClick={() => setLines(count)}
                disabled={isSpinning}
              >
                {formatNumber(count)}
              </button>
            ))}
          </fieldset>
        )}
        <StakePicker stakes={stakes} value={chosenStake} onChange={setStake} />
        <GameRefusal message={refusal} />
        <Button type="button" isBlock isLoading={play.isPending || isSpinning} disabled={isSpinning} onClick={placeSpin}>
          {t('slots.spin', { amount: formatNumber(chosenStake) })}
        </Button>
      </div>
      <Paytable
        code={gameCode}
        slot={slot}
        stake={chosenStake}
        lines={gameCode === 'classic-sevens' ? lines : slot.paylines.length}
      />
      <SeedsPanel token={token} gameCode={gameCode} seeds={state.data.seeds} />
      <RoundHistory rounds={state.data.history} />
    </div>
  );
}
