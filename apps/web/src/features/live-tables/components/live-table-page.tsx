import {
  formatAmount,
  formatRupees,
  formatWholeRupees,
  isLiveTableCode,
  isRed,
  type LiveRoundView,
  straightPocket,
} from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '@/components/ui';
import { LIVE_STATE_POLL_MS, liveStateKey, useLiveBet, useLiveState } from '../api/live-table-calls';
import { isNewerRound, useSecondsUntil, useTableFeed } from '../model/table-feed';
import { LiveBoard } from './live-board';
import { LiveChainPanel } from './live-chain-panel';
import '../live-tables.css';

/** Chips in rupees; the first is chosen at first. */
export const LIVE_CHIPS = [10, 50, 100, 500, 1000] as const;
/** While bets of a drawn round are being paid, the page reads them this often. */
const SETTLING_POLL_MS = 500;

export interface LiveTablePageProps {
  table: string;
  /** The game session token of the launch address. */
  token: string;
  /** Money moved: the header balance should refresh. */
  onBalanceChanged: () => void;
}

export function verifyPath(round: { table: string; round_number: number }): string {
  return `/provably-fair?live=${round.table}:${round.round_number}`;
}

/** /casino/play/live-…?token=…: a live table, one shared round for everyone (docs/casino.md, "Live tables"). */
export function LiveTablePage({ table, token, onBalanceChanged }: LiveTablePageProps) {
  const { t } = useTranslation();
  if (!isLiveTableCode(table)) return <p className="lt-empty">{t('liveTables.unknownTable')}</p>;
  if (!token) {
    return (
      <p className="lt-empty">
        {t('liveTables.noSession')} <Link to="/home">{t('liveTables.backToLobby')}</Link>
      </p>
    );
  }
  return <LiveTable table={table} token={token} onBalanceChanged={onBalanceChanged} />;
}

function LiveTable({ table, token, onBalanceChanged }: LiveTablePageProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feed = useTableFeed(table);
  const [pollMs, setPollMs] = useState<number | false>(LIVE_STATE_POLL_MS);
  const state = useLiveState(token, table, pollMs);
  const bet = useLiveBet(token, table);
  const [chip, setChip] = useState<number>(LIVE_CHIPS[0]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const data = state.data;
  // The newest of what the socket told and what the state endpoint read.
  const round: LiveRoundView | undefined = isNewerRound(feed.round, data?.round) ? (feed.round ?? undefined) : data?.round;
  const clockOffset = feed.round && round === feed.round ? feed.clockOffset : (data?.clockOffset ?? 0);
  const deadline = round?.phase === 'betting' ? round.betting_ends_at : round?.next_round_at;
  const seconds = useSecondsUntil(deadline, clockOffset);
  const myBets = data && round && data.round.round_number === round.round_number ? data.my_bets : [];
  const isSettling = round?.phase === 'result' && myBets.some((item) => !item.is_settled);
  const isStateBehind = Boolean(
    data && round && (data.round.round_number !== round.round_number || data.round.phase !== round.phase),
  );

  // A step the socket told: read the player's side of it (their bets, their payout, the balance).
  const roundKey = round ? `${round.round_number}:${round.phase}` : '';
  useEffect(() => {
    if (!roundKey || !isStateBehind) return;
    void queryClient.invalidateQueries({ queryKey: liveStateKey(token, table) });
  }, [roundKey, isStateBehind, queryClient, token, table]);
  useEffect(() => {
    const next = isSettling || isStateBehind ? SETTLING_POLL_MS : feed.isOpen ? false : LIVE_STATE_POLL_MS;
    setPollMs(next);
  }, [isSettling, isStateBehind, feed.isOpen]);
  const settledKey = myBets.filter((item) => item.is_settled).length;
  useEffect(() => {
    if (settledKey > 0) onBalanceChanged();
  }, [settledKey, onBalanceChanged]);

  if (state.isPending) return <Loading label={t('liveTables.loading')} />;
  if (state.error || !data || !round) {
    return (
      <div className="lt-page" data-table={table}>
        <p className="lt-empty" role="alert">
          {state.error?.message} <Link to="/home">{t('liveTables.backToLobby')}</Link>
        </p>
        {/* A closed table still shows the chain it waits for, so the player sees it before it plays. */}
        <LiveChainPanel table={table} round={undefined} />
      </div>
    );
  }
  const isBetting = round.phase === 'betting' && seconds > 0;
  const stakeOn = (spot: string) => myBets.find((item) => item.spot === spot);
  const totalStake = myBets.reduce((sum, item) => sum + item.stake, 0);
  const totalPayout = myBets.reduce((sum, item) => sum + (item.payout ?? 0), 0);
  const placeBet = (spot: string) => {
    setRefusal(null);
    bet.mutate(
      { round_number: round.round_number, spot, stake: chip },
      {
        onSuccess: () => onBalanceChanged(),
        onError: (error) => setRefusal(error.message),
      },
    );
  };

  return (
    <div className="lt-page" data-table={table}>
      <header className="lt-head">
        <h1>{t(`liveTables.names.${table}`, { defaultValue: data.table.name })}</h1>
        <p className="lt-balance">
          {t('liveTables.balance')} <strong data-testid="live-balance">{formatRupees(data.balance)}</strong>
        </p>
      </header>

      <section className={`lt-stage lt-stage--${round.phase}`} aria-labelledby="lt-round">
        <div className="lt-stage__top">
          <h2 id="lt-round">{t('liveTables.round', { n: round.round_number })}</h2>
          <p className="lt-countdown" aria-live="off" data-testid="live-countdown">
            {round.phase === 'betting'
              ? isBetting
                ? t('liveTables.betting', { seconds })
                : t('liveTables.closed')
              : t('liveTables.nextIn', { seconds })}
          </p>
        </div>
        <LiveBoard round={round} />
        <p role="status" className="lt-phase" data-testid="live-phase">
          {round.phase === 'result'
            ? t('liveTables.result', { label: resultText(t, round) })
            : isBetting
              ? t('liveTables.placeBets')
              : t('liveTables.closed')}
        </p>
        {round.phase === 'result' && myBets.length > 0 && (
          <p
            className={`lt-payout lt-payout--${isSettling ? 'pending' : totalPayout > 0 ? 'win' : 'lose'}`}
            role="status"
            data-testid="live-payout"
          >
            {isSettling
              ? t('liveTables.settling')
              : totalPayout > 0
                ? t('liveTables.won', { amount: formatAmount(totalPayout) })
                : t('liveTables.lost', { amount: formatAmount(totalStake) })}
          </p>
        )}
        <dl className="lt-fair">
          <dt>{t('liveTables.hash')}</dt>
          <dd className="lt-mono" data-testid="live-hash">
            {round.server_seed_hash}
          </dd>
          {round.server_seed && (
            <>
              <dt>{t('liveTables.seed')}</dt>
              <dd className="lt-mono" data-testid="live-seed">
                {round.server_seed}
              </dd>
            </>
          )}
        </dl>
        {round.server_seed && (
          <Link className="lt-verify" to={verifyPath(round)}>
            {t('liveTables.verify')}
          </Link>
        )}
      </section>

      <fieldset className="lt-chips">
        <legend>{t('liveTables.chip')}</legend>
        {LIVE_CHIPS.map((value) => (
          <button key={value} type="button" aria-pressed={chip === value} onClick={() => setChip(value)}>
            {formatWholeRupees(value)}
          </button>
        ))}
      </fieldset>

      {(() => {
        const spotButton = (spot: { code: string; pays: number }, variant: 'spot' | 'number') => {
          const mine = stakeOn(spot.code);
          const isWinner = round.phase === 'result' && round.winning_spots.includes(spot.code);
          const label = spotLabel(t, spot.code);
          const pocket = straightPocket(spot.code);
          return (
            <button
              key={spot.code}
              type="button"
              className={`lt-spot${variant === 'number' ? ` lt-number lt-number--${pocketColor(pocket ?? 0)}` : ''}${isWinner ? ' lt-spot--won' : ''}${mine ? ' lt-spot--mine' : ''}`}
              disabled={!isBetting || Boolean(mine) || bet.isPending}
              onClick={() => placeBet(spot.code)}
              data-testid={`live-spot-${spot.code}`}
              aria-label={t('liveTables.spotAria', { spot: label, pays: spot.pays, amount: formatWholeRupees(chip) })}
            >
              <span className="lt-spot__name">{variant === 'number' ? pocket : label}</span>
              {variant === 'spot' && <span className="lt-spot__pays">{t('liveTables.pays', { pays: spot.pays })}</span>}
              {mine && <span className="lt-spot__mine">{t('liveTables.yourBet', { amount: formatAmount(mine.stake) })}</span>}
            </button>
          );
        };
        // Roulette: the outside bets, then every number straight up (0 to 36) in the table's colours.
        const numbers = data.table.spots.filter((spot) => straightPocket(spot.code) !== null);
        const outside = data.table.spots.filter((spot) => straightPocket(spot.code) === null);
        return (
          <>
            <div
              className={`lt-spots lt-spots--${outside.length > 4 ? 'many' : 'few'}`}
              role="group"
              aria-label={t('liveTables.spotsLabel')}
            >
              {outside.map((spot) => spotButton(spot, 'spot'))}
            </div>
            {numbers.length > 0 && (
              <div className="lt-numbers" role="group" aria-label={t('liveTables.numbersLabel', { pays: numbers[0]?.pays })}>
                <p className="lt-numbers__title">{t('liveTables.numbersLabel', { pays: numbers[0]?.pays })}</p>
                {numbers.map((spot) => spotButton(spot, 'number'))}
              </div>
            )}
          </>
        );
      })()}
      {refusal && (
        <p className="lt-refusal" role="alert" data-testid="live-refusal">
          {refusal}
        </p>
      )}

      <section className="lt-section" aria-labelledby="lt-history">
        <h2 id="lt-history">{t('liveTables.lastResults')}</h2>
        <ol className="lt-history">
          {data.history.map((row) => (
            <li key={row.round_number} className={historyColorClass(table, row.result_label)}>
              <Link to={verifyPath({ table, round_number: row.round_number })} title={t('liveTables.verify')}>
                {resultText(t, { table, result_label: row.result_label })}
              </Link>
            </li>
          ))}
        </ol>
        {data.my_history.length > 0 && (
          <>
            <h2>{t('liveTables.myBets')}</h2>
            <ul className="lt-my-bets">
              {data.my_history.map((row) => (
                <li key={`${row.round_number}:${row.spot}`}>
                  {t('liveTables.round', { n: row.round_number })} · {spotLabel(t, row.spot)} · {formatAmount(row.stake)} →{' '}
                  {formatAmount(row.payout ?? 0)}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <LiveChainPanel table={table} round={round} />
    </div>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** The result in the player's language: the winning side, or the pocket and its colour. */
function resultText(t: Translate, round: { table: string; result_label: string | null }): string {
  const label = round.result_label ?? '';
  if (round.table === 'live-roulette') {
    const [pocket = '', color = ''] = label.split(' ');
    return `${pocket} ${t(`liveTables.colors.${color}`, { defaultValue: color })}`.trim();
  }
  if (label === 'tie') return t('liveTables.outcome.tie');
  return t(`liveTables.spots.${label}`, { defaultValue: label });
}

/** A spot's name: a straight-up number reads "Number 7", the others by their own text. */
function spotLabel(t: Translate, spot: string): string {
  const pocket = straightPocket(spot);
  return pocket !== null && pocket > 0 ? t('liveTables.spots.straight', { n: pocket }) : t(`liveTables.spots.${spot}`);
}

function pocketColor(pocket: number): 'green' | 'red' | 'black' {
  return pocket === 0 ? 'green' : isRed(pocket) ? 'red' : 'black';
}

/** A roulette result in the history wears its pocket's colour, as on the wheel. */
function historyColorClass(table: string, label: string | null): string | undefined {
  if (table !== 'live-roulette' || !label) return undefined;
  const pocket = Number(label.split(' ')[0]);
  return Number.isInteger(pocket) ? `lt-history__pocket lt-history__pocket--${pocketColor(pocket)}` : undefined;
}
