import { LIVE_TABLE_CODES, type LiveTableCode } from '@app/shared';
import { outsideTransactionScope } from '../../db/transaction-scope';
import { AppError } from '../../lib/app-error';
import type { LiveRoundSteps } from './live-rounds';
import type { LiveSettlement } from './live-settlement';
import * as repo from './live-tables.repository';
import type { LiveTablesDeps } from './live-tables-support';
import type { LiveWalletAccess } from './live-wallet';

/** The clock looks again at least this often (another instance may have moved the round on). */
const MAX_TICK_MS = 1_000;
const MIN_TICK_MS = 5;

/** Each table's clock on this instance, and the round now (stepped first when due). */
export interface LiveClocks {
  /**
   * The round now, opening or closing it first when due (a visitor never waits for a tick); when
   * no round can open (no chain may start yet), why, as the table's closed message.
   */
  currentRound(table: LiveTableCode): Promise<{ round: repo.RoundRow } | { closed: string }>;
  /** The round now, or the table's closed message as a refusal. */
  openRound(table: LiveTableCode): Promise<repo.RoundRow>;
  /** Runs every table's clock on this instance from now on (at start, where background work runs). */
  startClocks(): void;
  /** Stops the clocks and waits for the look each is taking. */
  stopClocks(): Promise<void>;
}

export function createLiveClocks(
  { db, clock, logger }: LiveTablesDeps,
  wallet: LiveWalletAccess,
  settlement: LiveSettlement,
  steps: LiveRoundSteps,
): LiveClocks {
  const clocks = new Map<LiveTableCode, { timer: NodeJS.Timeout | undefined; running: Promise<void> | undefined }>();
  let isStopped = false;

  /** One look at a table: closes and opens what is due. Answers when to look again, and why it is closed. */
  async function step(table: LiveTableCode): Promise<{ dueAt: number; closed?: string }> {
    let round = await repo.latestRound(db, table);
    if (round && round.status === 'betting' && clock.now() >= Number(round.betting_ends_at)) {
      await steps.close(table, round);
      round = await repo.findRound(db, table, Number(round.round_number));
    }
    let closed: string | undefined;
    if (!round || (round.status === 'result' && clock.now() >= Number(round.next_round_at))) {
      const opened = await steps.open(table, round);
      if ('closed' in opened) closed = opened.closed;
      else round = opened.round;
    }
    if (wallet.isAttached()) await settlement.settleDue(table);
    // Closed (no chain may start yet): look again in a while.
    if (closed !== undefined || !round) return { dueAt: clock.now() + MAX_TICK_MS, closed };
    return { dueAt: round.status === 'betting' ? Number(round.betting_ends_at) : Number(round.next_round_at) };
  }

  /** Runs the table's clock on this instance from now on (started by the first visitor). */
  function ensureClock(table: LiveTableCode): void {
    if (clocks.has(table) || isStopped) return;
    const state: { timer: NodeJS.Timeout | undefined; running: Promise<void> | undefined } = {
      timer: undefined,
      running: undefined,
    };
    clocks.set(table, state);
    const tick = () => {
      state.running = outsideTransactionScope(() =>
        step(table)
          .then(({ dueAt }) => Math.min(MAX_TICK_MS, Math.max(MIN_TICK_MS, dueAt - clock.now())))
          .catch((error: unknown) => {
            logger.error({ err: error, table }, 'live table clock step failed');
            return MAX_TICK_MS;
          })
          .then((delay) => {
            if (!isStopped) state.timer = setTimeout(tick, delay).unref();
          }),
      );
    };
    tick();
  }

  async function currentRound(table: LiveTableCode): Promise<{ round: repo.RoundRow } | { closed: string }> {
    ensureClock(table);
    const latest = await repo.latestRound(db, table);
    const now = clock.now();
    const isDue =
      !latest ||
      (latest.status === 'betting' && now >= Number(latest.betting_ends_at)) ||
      (latest.status === 'result' && now >= Number(latest.next_round_at));
    if (!isDue) return { round: latest };
    const stepped = await step(table);
    const round = await repo.latestRound(db, table);
    if (stepped.closed !== undefined && (!round || round.status === 'result')) return { closed: stepped.closed };
    if (!round) throw new Error(`Live table ${table} has no round`);
    return { round };
  }

  return {
    currentRound,

    async openRound(table) {
      const current = await currentRound(table);
      if ('closed' in current) throw new AppError('REFUSED', current.closed);
      return current.round;
    },

    startClocks() {
      for (const code of LIVE_TABLE_CODES) ensureClock(code);
    },

    async stopClocks() {
      isStopped = true;
      for (const state of clocks.values()) clearTimeout(state.timer);
      await Promise.all([...clocks.values()].map((state) => state.running));
    },
  };
}
