import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { BonusService } from '../bonus';
import type { MarketsService } from '../markets';
import type { Money, StatementReader } from '../money';
import { targetOfSubject } from './bet-model';
import { createBetReports } from './bets-reports.service';
import { listReducedPrices, listTargetNames, listUnsettledResults, sumPlaySince } from './bets.repository';
import { registerBetsRoutes } from './bets.routes';
import { type BetsService, createBetsService, type PlacementOptions } from './bets.service';
import { type CashOutService, createCashOutService } from './cash-out.service';
import { createSettlementService, type SettlementService } from './settlement.service';
import { reducedPricesNote } from './settlement-terms';
import { decisionFromFeed } from './settlement-decision';

/** Declared results are looked for this often; each becomes one durable settle job. */
export const SETTLE_SCAN_MS = 2_000;
const SETTLE_SCAN_BATCH = 200;
export const SETTLE_JOB_KIND = 'bets.settle';

export interface BetsModule {
  bets: BetsService;
  cashOut: CashOutService;
  settlement: SettlementService;
  /** The player's stakes placed and what winning bets returned since `since` (paise): the reality check's figures. */
  playSince(userId: number, since: number): Promise<{ staked: number; returned: number }>;
  /** Enqueues a settle job for every declared result that no settlement took up yet. */
  enqueueDeclaredResults(app: FastifyInstance): Promise<number>;
  registerRoutes(app: FastifyInstance): void;
}

export interface BetsModuleDeps {
  db: Db;
  clock: Clock;
  markets: MarketsService;
  money: Money;
  bonuses: BonusService;
  /** The account statement: this module names its market and fancy lines. */
  statement?: StatementReader;
  options?: PlacementOptions;
}

export function createBetsModule({ db, clock, markets, money, bonuses, statement, options = {} }: BetsModuleDeps): BetsModule {
  const bets = createBetsService(db, clock, { markets, money }, options);
  const cashOut = createCashOutService(db, clock, { markets, money }, options);
  const settlement = createSettlementService(db, clock, { money, bonuses });
  const reports = createBetReports(db, clock, money);
  const describeTargets = async (executor: Db, userId: number, subjects: string[]) => {
    const targets = subjects.map(targetOfSubject);
    const rows = await listTargetNames(executor, userId, targets);
    const reduced = await reducedPricesNote(executor, userId, targets);
    // The same prices as parts, for the site to say in the player's language (docs/wallet.md).
    const reducedPrices = new Map<string, { odds: number; settled_odds: number }[]>();
    for (const row of await listReducedPrices(executor, userId, targets)) {
      const list = reducedPrices.get(row.target) ?? [];
      list.push({ odds: Number(row.odds) / 100, settled_odds: Number(row.settled_odds) / 100 });
      reducedPrices.set(row.target, list);
    }
    const names = new Map(
      rows.map((row) => [
        row.target,
        {
          text: `${row.match_name} · ${row.market_name}${reduced.get(row.target) ?? ''}`,
          detail: {
            type: 'market' as const,
            match: row.match_name,
            market: row.market_name,
            reduced_prices: reducedPrices.get(row.target) ?? [],
          },
        },
      ]),
    );
    return new Map(
      subjects.flatMap((subject) => {
        const name = names.get(targetOfSubject(subject));
        return name ? [[subject, name] as const] : [];
      }),
    );
  };
  statement?.describeSubjects('market', describeTargets);
  statement?.describeSubjects('fancy', describeTargets);

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
    cashOut,
    settlement,
    playSince: (userId, since) => sumPlaySince(db, userId, since),
    enqueueDeclaredResults,
    registerRoutes(app) {
      registerBetsRoutes(app, { bets, cashOut, reports });
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
