import { CRASH_PAUSE_MS, CRASH_TICK_MS, type CrashFlightMessage, type CrashRoundView, paiseToRupees } from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RoundChains } from './round-chain.service';
import * as repo from './crash.repository';
import { type CrashDeps, createCrashBets } from './crash-bets';
import { createCrashPayouts } from './crash-payouts';
import { betView, createCrashRounds, GAME, phaseOf } from './crash-rounds';
import type { WalletClient } from './wallet-client';

export { crashPointOf } from './crash-rounds';
export type { CrashDeps } from './crash-bets';

const HISTORY = 12;
/**
 * The flight keeps the round's row in memory between ticks for at most this long: ten ticks a
 * second read no database, and a row changed underneath (a test that ends a round early) is
 * seen within a second.
 */
const FLIGHT_ROW_KEPT_MS = 1_000;

/**
 * Crash in shared rounds: every player bets on the same round, whose hash is the next one down a
 * published chain (round-chain.service.ts). Rounds follow each other on stored times, so any
 * process can serve them and nothing runs in the background: whoever asks first opens the next
 * round and settles the last. Every instance derives the same next round from the last one, and
 * the round number is unique, so instances agree.
 */
export function createCrashService(db: Db, clock: Clock, wallet: WalletClient, deps: CrashDeps, chains: RoundChains) {
  /** The round the live socket's flight last read (flight()). */
  let flightRow: { row: repo.CrashRoundRow; readAt: number } | undefined;

  chains.registerGame(GAME, (chainIds) => repo.playedPositions(db, chainIds));
  const rounds = createCrashRounds(db, clock, chains);
  const payouts = createCrashPayouts(db, clock, wallet);
  const { currentRound, viewOf } = rounds;
  const { settleDue } = payouts;
  const { bet, cashout } = createCrashBets(db, clock, wallet, deps, rounds, payouts);

  return {
    async state(token: string) {
      const { player, balance } = await deps.player(token, GAME);
      await settleDue();
      const round = await currentRound();
      const now = clock.now();
      const mine = await repo.findCrashBet(db, Number(round.round_number), player);
      const bets = await repo.listRoundBets(db, Number(round.round_number));
      return {
        now,
        round: await viewOf(round, now),
        my_bet: mine ? betView(mine) : null,
        bets: bets.map((bet) => ({
          player: bet.player === player ? 'you' : `player …${bet.player.slice(-2)}`,
          stake: paiseToRupees(Number(bet.stake)),
          cashout: bet.cashout === null ? null : Number(bet.cashout) / 100,
        })),
        history: (await repo.recentCrashPoints(db, now, HISTORY)).map((row) => ({
          round_number: Number(row.round_number),
          crash_point: Number(row.crash_point) / 100,
        })),
        my_history: (await repo.listPlayerBets(db, player, HISTORY)).map(betView),
        balance: paiseToRupees(balance),
      };
    },

    bet,

    cashout,

    /**
     * The flight as this instance's clock sees it now, for the live socket, and when to look
     * again: at take-off, every CRASH_TICK_MS while it flies (never past the crash moment), at
     * the crash, and when the next round opens. A `running` answer is sent only while the clock
     * is before the crash, so each one tells the page the flight reached at least
     * crashSureToReach of its `now`; nothing in it tells the crash point before the crash.
     */
    async flight(): Promise<{ message: CrashFlightMessage; nextAt: number }> {
      let now = clock.now();
      if (!flightRow || now >= Number(flightRow.row.crashed_at) || now - flightRow.readAt > FLIGHT_ROW_KEPT_MS) {
        await settleDue();
        flightRow = { row: await currentRound(), readAt: clock.now() };
        now = clock.now();
      }
      const round = flightRow.row;
      const phase = phaseOf(round, now);
      const nextAt =
        phase === 'betting'
          ? Number(round.betting_ends_at)
          : phase === 'running'
            ? Math.min(now + CRASH_TICK_MS, Number(round.crashed_at))
            : Number(round.crashed_at) + CRASH_PAUSE_MS;
      return { message: { type: 'crash', now, round: await viewOf(round, now) }, nextAt };
    },

    async round(roundNumber: number): Promise<CrashRoundView> {
      const round = await repo.findCrashRound(db, roundNumber);
      if (!round) throw new AppError('NOT_FOUND', 'No crash round has that number');
      return viewOf(round, clock.now());
    },

    /** The published chains, newest first. */
    chains: () => chains.list(GAME),
  };
}

export type CrashService = ReturnType<typeof createCrashService>;
