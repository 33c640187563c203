import { ADMIN_PRODUCTS, type adminEndpoints as api, type DataOf, type ParsedRequestOf } from '@app/shared';
import { AppError } from '../../lib/app-error';
import { assertFancy, assertMarket } from '../bets';
import type { ConsoleDeps } from './console-deps';
import {
  betTotalsOf,
  countPlayersOnline,
  dailyGaming,
  dailyPayments,
  exposureByMarket,
  fixtureDetail,
  listFixtures,
  marketNames,
  openBetsOf,
  runnersOf,
} from './console.repository';
import { DAY_MS, dayText, iso, pagingOf, rupees, tableAnswer } from './console-support';
import { runnerExposure, worstCase } from './exposure';

type Product = (typeof ADMIN_PRODUCTS)[number];
const zeroByProduct = (): Record<Product, number> => ({ match_odds: 0, bookmaker: 0, fancy: 0, casino: 0 });

/** The target of a market (`M:id`) or a fancy line (`F:id`) a console call names. */
export const targetOfBody = (body: { market_id: string } | { fancy_id: number }) =>
  'market_id' in body ? `M:${body.market_id}` : `F:${body.fancy_id}`;

/**
 * The console's reads of the book (docs/console.md): the dashboard, the fixture list with its open
 * exposure, a fixture's markets, the exposure table and a settlement's preview. The routes parse
 * and answer; the arithmetic lives here.
 */
export function createConsoleReports({ db, clock }: Pick<ConsoleDeps, 'db' | 'clock'>) {
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
    /** `adminDashboard` */
    async dashboard(): Promise<DataOf<typeof api.adminDashboard>> {
      const now = clock.now();
      const today = Math.floor(now / DAY_MS);
      const from = (today - 29) * DAY_MS;
      const [online, payments, gaming, held] = await Promise.all([
        countPlayersOnline(db, now - 15 * 60_000),
        dailyPayments(db, from),
        dailyGaming(db, from),
        exposureByMarket(db, 20),
      ]);
      const days = Array.from({ length: 30 }, (_, index) => today - 29 + index);
      const point = new Map(
        days.map((day) => [day, { signups: 0, deposits: 0, withdrawals: 0, turnover: zeroByProduct(), ggr: zeroByProduct() }]),
      );
      for (const row of payments.signups) {
        const p = point.get(Number(row.day));
        if (p) p.signups += Number(row.n);
      }
      for (const row of payments.deposits) {
        const p = point.get(Number(row.day));
        if (p) p.deposits += Number(row.n);
      }
      for (const row of payments.withdrawals) {
        const p = point.get(Number(row.day));
        if (p) p.withdrawals += Number(row.n);
      }
      for (const row of gaming.bets) {
        const p = point.get(Number(row.day));
        if (!p) continue;
        p.turnover[row.kind] += Number(row.turnover ?? 0);
        p.ggr[row.kind] -= Number(row.player_pl ?? 0);
      }
      for (const row of gaming.casino) {
        const p = point.get(Number(row.day));
        if (!p) continue;
        p.turnover.casino += Number(row.turnover ?? 0);
        p.ggr.casino += Number(row.turnover ?? 0) - Number(row.payouts ?? 0);
      }
      const totals = (selected: number[]) => {
        const sum = { signups: 0, deposits: 0, withdrawals: 0, turnover: zeroByProduct(), ggr: zeroByProduct() };
        for (const day of selected) {
          const p = point.get(day)!;
          sum.signups += p.signups;
          sum.deposits += p.deposits;
          sum.withdrawals += p.withdrawals;
          for (const product of ADMIN_PRODUCTS) {
            sum.turnover[product] += p.turnover[product];
            sum.ggr[product] += p.ggr[product];
          }
        }
        const inRupees = (byProduct: Record<Product, number>) =>
          Object.fromEntries(ADMIN_PRODUCTS.map((product) => [product, rupees(byProduct[product])])) as Record<Product, number>;
        return {
          signups: sum.signups,
          deposits: rupees(sum.deposits),
          withdrawals: rupees(sum.withdrawals),
          turnover: inRupees(sum.turnover),
          ggr: inRupees(sum.ggr),
        };
      };
      const marketIds = held.filter((row) => row.market_key.startsWith('market:')).map((row) => row.market_key.slice(7));
      const fancyIds = held.filter((row) => row.market_key.startsWith('fancy:')).map((row) => Number(row.market_key.slice(6)));
      const names = await marketNames(db, marketIds, fancyIds);
      return {
        players_online: online,
        today: totals([today]),
        days_30: totals(days),
        exposure: held.map((row) => {
          const isFancy = row.market_key.startsWith('fancy:');
          const id = row.market_key.slice(isFancy ? 6 : 7);
          const market = isFancy
            ? names.fancies.find((f) => String(f.fancy_id) === id)
            : names.markets.find((m) => m.market_id === id);
          return {
            market_id: id,
            match_name: market?.match_name ?? '',
            market_name: market?.name ?? row.market_key,
            product: isFancy ? 'fancy' : market && 'market_type' in market ? market.market_type.toLowerCase() : 'match_odds',
            exposure: rupees(row.held),
          };
        }),
        series: days.map((day) => {
          const p = point.get(day)!;
          const sum = (byProduct: Record<Product, number>) => ADMIN_PRODUCTS.reduce((total, key) => total + byProduct[key], 0);
          return {
            day: dayText(day),
            signups: p.signups,
            deposits: rupees(p.deposits),
            withdrawals: rupees(p.withdrawals),
            turnover: rupees(sum(p.turnover)),
            ggr: rupees(sum(p.ggr)),
          };
        }),
      };
    },
    /** `adminFixtures` */
    async fixtures(body: ParsedRequestOf<typeof api.adminFixtures>): Promise<DataOf<typeof api.adminFixtures>> {
      const paging = pagingOf(body);
      const now = clock.now();
      const filter = { sportId: body.sport_id, search: body.search };
      const { rows, total } = await listFixtures(db, filter, now, paging.limit, paging.offset);
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
    /** `adminFixtureMarkets` */
    async fixtureMarkets(body: ParsedRequestOf<typeof api.adminFixtureMarkets>): Promise<DataOf<typeof api.adminFixtureMarkets>> {
      const detail = await fixtureDetail(db, body.match_id);
      if (!detail) throw new AppError('NOT_FOUND', `No fixture has id ${body.match_id}`);
      const suspended = new Set(detail.suspensions.map((row) => row.target));
      const settledBy = new Map(detail.settlements.map((row) => [row.target, row]));
      return {
        match_id: Number(detail.match.match_id),
        match_name: detail.match.name,
        markets: detail.markets.map((market) => {
          const target = `M:${market.market_id}`;
          const runners = detail.runners.filter((runner) => runner.market_id === market.market_id);
          const exposure = runnerExposure(
            detail.openBets.filter((bet) => bet.market_id === market.market_id),
            runners.map((runner) => Number(runner.selection_id)),
          );
          const settled = settledBy.get(target);
          const winners = settled?.winner_selection_ids
            ? settled.winner_selection_ids.split(',').map(Number)
            : settled?.winner_selection_id != null
              ? [Number(settled.winner_selection_id)]
              : [];
          return {
            market_id: market.market_id,
            market_name: market.name,
            product: market.market_type.toLowerCase(),
            status: settled ? (settled.outcome === 'void' ? 'voided' : 'settled') : suspended.has(target) ? 'suspended' : 'open',
            is_operator_suspended: suspended.has(target),
            number_of_winners: Number(market.number_of_winners),
            exposure: rupees(worstCase(exposure)),
            runners: runners.map((runner) => ({
              selection_id: Number(runner.selection_id),
              name: runner.name,
              exposure: rupees(exposure.get(Number(runner.selection_id)) ?? 0),
              result: settled
                ? winners.includes(Number(runner.selection_id))
                  ? 'winner'
                  : settled.outcome === 'void'
                    ? 'void'
                    : 'loser'
                : null,
            })),
          };
        }),
        fancy: detail.fancies.map((fancy) => {
          const target = `F:${fancy.fancy_id}`;
          const settled = settledBy.get(target);
          const held = detail.openBets
            .filter((bet) => bet.fancy_id === Number(fancy.fancy_id))
            .reduce((total, bet) => total + Number(bet.liability), 0);
          return {
            fancy_id: Number(fancy.fancy_id),
            name: fancy.name,
            status: settled ? (settled.outcome === 'void' ? 'voided' : 'settled') : suspended.has(target) ? 'suspended' : 'open',
            is_operator_suspended: suspended.has(target),
            exposure: rupees(held),
            result_run: settled?.result_run == null ? null : Number(settled.result_run),
          };
        }),
      };
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
    /** `adminSettlementPreview` */
    async settlementPreview(
      body: ParsedRequestOf<typeof api.adminSettlementPreview>,
    ): Promise<DataOf<typeof api.adminSettlementPreview>> {
      if ('market_id' in body) await assertMarket(db, body.market_id);
      else await assertFancy(db, body.fancy_id);
      const target = targetOfBody(body);
      const { byStatus, players } = await betTotalsOf(db, target);
      const open = byStatus.find((row) => row.status === 'open');
      // Every decided bet (won, lost or void) is one a void or a re-settle decides again.
      const settled = byStatus.filter((row) => row.status !== 'open');
      return {
        target,
        players,
        open_bets: Number(open?.n ?? 0),
        open_stake: rupees(open?.stake),
        open_held: rupees(open?.liability),
        settled_bets: settled.reduce((total, row) => total + Number(row.n), 0),
        settled_profit_loss: rupees(settled.reduce((total, row) => total + Number(row.profit_loss ?? 0), 0)),
      };
    },
  };
}

export type ConsoleReports = ReturnType<typeof createConsoleReports>;
