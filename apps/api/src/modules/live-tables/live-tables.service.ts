import {
  LIVE_MAX_STAKE_PAISE,
  LIVE_MIN_STAKE_PAISE,
  LIVE_TABLE_CODES,
  type LiveRoundView,
  type LiveTableMessage,
} from '@app/shared';
import { AppError } from '../../lib/app-error';
import { createLiveClocks } from './live-clock';
import { createLivePlayerActions } from './live-player';
import { createLiveRoundSteps } from './live-rounds';
import { createLiveSettlement } from './live-settlement';
import * as repo from './live-tables.repository';
import { checkTable, type LiveTablesDeps } from './live-tables-support';
import { createLiveWalletAccess, type LiveWallet } from './live-wallet';

// The table's stake range is shared: the lobby's tiles show it (docs/casino.md "Live tables").
export { LIVE_MAX_STAKE_PAISE, LIVE_MIN_STAKE_PAISE };
export { drawLiveRound, type LiveTablesDeps, liveRoundView } from './live-tables-support';
export type { LiveWallet } from './live-wallet';

/**
 * Live tables (docs/casino.md, "Live tables"). Each instance runs a clock per table it serves; a
 * round's steps are database writes only one instance can win: opening round n is an insert of
 * the unique (table, n) row, closing it a guarded update from 'betting' to 'result'. The winner
 * publishes the step on the event bus, which every instance relays to its sockets; the closer
 * pays every bet through the seamless wallet, each win keyed by its bet (applied once).
 */
export function createLiveTables(deps: LiveTablesDeps) {
  const { db, clock, chains } = deps;
  for (const code of LIVE_TABLE_CODES) chains.registerGame(code, (chainIds) => repo.playedPositions(db, chainIds));
  const wallet = createLiveWalletAccess(deps);
  const settlement = createLiveSettlement(deps, wallet);
  const steps = createLiveRoundSteps(deps, settlement);
  const clocks = createLiveClocks(deps, wallet, settlement, steps);

  return {
    /** The wallet the tables pay through, once our provider's keys are known (module start). */
    attachWallet(client: LiveWallet) {
      wallet.attach(client);
    },

    /** What a socket that subscribes to the table gets at once. */
    async snapshot(code: string): Promise<LiveTableMessage> {
      const table = checkTable(code);
      const current = await clocks.currentRound(table);
      const round = 'closed' in current ? null : await steps.viewOf(current.round);
      return { type: 'table', table, event: 'snapshot', now: clock.now(), round };
    },

    ...createLivePlayerActions(deps, { wallet, settlement, steps, clocks }),

    async round(code: string, roundNumber: number): Promise<LiveRoundView> {
      const table = checkTable(code);
      const round = await repo.findRound(db, table, roundNumber);
      if (!round) throw new AppError('NOT_FOUND', 'No round of this table has that number');
      return steps.viewOf(round);
    },

    /** Runs every table's clock on this instance from now on (at start, where background work runs). */
    startClocks(): void {
      clocks.startClocks();
    },

    /** Resolves once the wins being paid now are paid (tests and the bench). */
    settled(): Promise<void> {
      return settlement.settled();
    },

    async stop(): Promise<void> {
      await clocks.stopClocks();
      await settlement.drain();
    },
  };
}

export type LiveTables = ReturnType<typeof createLiveTables>;
