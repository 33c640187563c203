import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { MarketsService } from '../markets/markets.service';
import type { WalletModule } from '../money/money.module';
import { createBetReports } from './bets-reports.service';
import { listUnsettledResults } from './bets.repository';
import { registerBetsRoutes } from './bets.routes';
import { type BetsService, createBetsService, type PlacementOptions } from './bets.service';
import { createSettlementService, type SettlementService } from './settlement.service';
import { decisionFromFeed } from './settlement-decision';

/** Declared results are looked for this often; each becomes one durable settle job. */
export const SETTLE_SCAN_MS = 2_000;
const SETTLE_SCAN_BATCH = 200;
export const SETTLE_JOB_KIND = 'bets.settle';

export interface BetsModule {
  bets: BetsService;
  settlement: SettlementService;
  /** Enqueues a settle job for every declared result that no settlement took up yet. */
  enqueueDeclaredResults(app: FastifyInstance): Promise<number>;
  registerRoutes(app: FastifyInstance): void;
}

export function createBetsModule(
  db: Db,
  clock: Clock,
  deps: { markets: MarketsService; wallet: WalletModule },
  options: PlacementOptions = {},
): BetsModule {
  const bets = createBetsService(db, clock, { markets: deps.markets, wallet: deps.wallet.wallet }, options);
  const settlement = createSettlementService(db, clock, deps.wallet);
  const reports = createBetReports(db, clock);

  async function enqueueDeclaredResults(app: FastifyInstance): Promise<number> {
    let enqueued = 0;
    for (const { target } of await listUnsettledResults(db, SETTLE_SCAN_BATCH)) {
      // A job key is work done once: a result is settled from the feed by one job, ever.
      const added = await app.jobs.enqueue(db, {
        kind: SETTLE_JOB_KIND,
        key: `settle:${target}`,
        payload: { target },
        runAt: clock.now(),
      });
      if (added) enqueued += 1;
    }
    return enqueued;
  }

  return {
    bets,
    settlement,
    enqueueDeclaredResults,
    registerRoutes(app) {
      registerBetsRoutes(app, bets, reports);
      app.jobs.handle(SETTLE_JOB_KIND, async (payload) => {
        const target = (payload as { target?: unknown } | null)?.target;
        if (typeof target !== 'string') throw new Error('A settle job names its market target');
        const decision = await decisionFromFeed(db, target);
        if (decision) await settlement.settle(target, decision, 'feed');
      });
      app.jobs.every('bets settle scan', SETTLE_SCAN_MS, () => enqueueDeclaredResults(app));
    },
  };
}
