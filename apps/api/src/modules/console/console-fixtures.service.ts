import { type adminEndpoints as api, type DataOf, type ParsedRequestOf } from '@app/shared';
import { openBetsOf, openLiabilityByMatch } from '../bets';
import { listFixturesForConsole, runnersOf } from '../markets';
import type { ConsoleDeps } from './console-deps';
import { iso, pagingOf, rupees, tableAnswer } from './console-support';
import { runnerExposure, worstCase } from './exposure';

/**
 * The console's fixture list and exposure table (docs/console.md): the markets module's fixtures
 * and runners, weighed and priced by the bets module's open bets. The routes parse and answer.
 */
export function createConsoleFixtures({ db, clock }: Pick<ConsoleDeps, 'db' | 'clock'>) {
  /**
   * The most the book can lose on each fixture's open bets: every market's worst runner, and each
   * fancy line's liabilities, summed (paise). The same figures the fixture's own page shows.
   */
  async function openExposureByMatch(matchIds: number[]): Promise<Map<number, number>> {
    const bets = await openBetsOf(db, { matchIds });
    const runners = await runnersOf(db, [...new Set(bets.flatMap((bet) => (bet.market_id === null ? [] : [bet.market_id])))]);
    // One pass each over the bets and the runners, grouped by market: the page's open bets may be many.
    const betsByMarket = new Map<string, typeof bets>();
    const byMatch = new Map<number, number>();
    const add = (matchId: number, paise: number) => byMatch.set(matchId, (byMatch.get(matchId) ?? 0) + paise);
    for (const bet of bets) {
      if (bet.market_id === null) add(Number(bet.match_id), Number(bet.liability));
      else {
        const own = betsByMarket.get(bet.market_id);
        if (own) own.push(bet);
        else betsByMarket.set(bet.market_id, [bet]);
      }
    }
    const selectionsByMarket = new Map<string, number[]>();
    for (const runner of runners) {
      const ids = selectionsByMarket.get(runner.market_id);
      if (ids) ids.push(Number(runner.selection_id));
      else selectionsByMarket.set(runner.market_id, [Number(runner.selection_id)]);
    }
    for (const [marketId, own] of betsByMarket) {
      add(Number(own[0]!.match_id), worstCase(runnerExposure(own, selectionsByMarket.get(marketId) ?? [])));
    }
    return byMatch;
  }

  return {
    /** `adminFixtures` */
    async fixtures(body: ParsedRequestOf<typeof api.adminFixtures>): Promise<DataOf<typeof api.adminFixtures>> {
      const paging = pagingOf(body);
      const now = clock.now();
      const filter = { sportId: body.sport_id, search: body.search };
      // What open bets hold on each fixture orders the list (the live match with bets leads).
      const weights = await openLiabilityByMatch(db);
      const { rows, total } = await listFixturesForConsole(db, filter, weights, now, paging.limit, paging.offset);
      const held = await openExposureByMatch(rows.map((row) => Number(row.match_id)));
      return tableAnswer(
        rows.map((row) => ({
          match_id: Number(row.match_id),
          sport_id: Number(row.sport_id),
          series_name: row.series_name,
          match_name: row.name,
          start_time: iso(row.start_time),
          is_active: Number(row.is_active) === 1,
          status: row.finished_at !== null ? 'finished' : Number(row.start_time) <= now ? 'in_play' : 'upcoming',
          open_exposure: rupees(held.get(Number(row.match_id)) ?? 0),
        })),
        total,
        paging,
      );
    },
    /** `adminExposure` */
    async exposure(body: ParsedRequestOf<typeof api.adminExposure>): Promise<DataOf<typeof api.adminExposure>> {
      const paging = pagingOf(body);
      const bets = (await openBetsOf(db, { matchId: body.match_id })).filter((bet) => bet.market_id !== null);
      const marketIds = [...new Set(bets.map((bet) => bet.market_id!))];
      const runners = await runnersOf(db, marketIds);
      const rows = marketIds.flatMap((marketId) => {
        const own = bets.filter((bet) => bet.market_id === marketId);
        const first = own[0]!;
        const marketRunners = runners.filter((runner) => runner.market_id === marketId);
        const exposure = runnerExposure(
          own,
          marketRunners.map((runner) => Number(runner.selection_id)),
        );
        return marketRunners.map((runner) => ({
          match_id: Number(first.match_id),
          match_name: first.match_name,
          market_id: marketId,
          market_name: first.market_name,
          selection_id: Number(runner.selection_id),
          runner: runner.name,
          exposure: rupees(exposure.get(Number(runner.selection_id)) ?? 0),
        }));
      });
      rows.sort((a, b) => b.exposure - a.exposure);
      return tableAnswer(rows.slice(paging.offset, paging.offset + paging.limit), rows.length, paging);
    },
  };
}
