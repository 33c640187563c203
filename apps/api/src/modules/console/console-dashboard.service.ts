import { ADMIN_PRODUCTS, type adminEndpoints as api, type DataOf } from '@app/shared';
import { dailyBetResults } from '../bets';
import { dailyCasinoPlay } from '../casino';
import { marketNames } from '../markets';
import { exposureByMarket } from '../money';
import { dailyPayments } from '../payments';
import { countPlayersOnline } from '../sessions';
import { dailySignups } from '../users';
import type { ConsoleDeps } from './console-deps';
import { DAY_MS, dayText, rupees } from './console-support';

type Product = (typeof ADMIN_PRODUCTS)[number];
const zeroByProduct = (): Record<Product, number> => ({ match_odds: 0, bookmaker: 0, fancy: 0, casino: 0 });

/** One day's figures (paise), summed from each owner's per-day rows. */
interface DayPoint {
  signups: number;
  deposits: number;
  withdrawals: number;
  turnover: Record<Product, number>;
  ggr: Record<Product, number>;
}

const inRupees = (byProduct: Record<Product, number>) =>
  Object.fromEntries(ADMIN_PRODUCTS.map((product) => [product, rupees(byProduct[product])])) as Record<Product, number>;
const sumOfProducts = (byProduct: Record<Product, number>) => ADMIN_PRODUCTS.reduce((total, key) => total + byProduct[key], 0);

/** The days' figures summed, in the dashboard's units. */
function totalsOf(points: DayPoint[]) {
  const sum = { signups: 0, deposits: 0, withdrawals: 0, turnover: zeroByProduct(), ggr: zeroByProduct() };
  for (const p of points) {
    sum.signups += p.signups;
    sum.deposits += p.deposits;
    sum.withdrawals += p.withdrawals;
    for (const product of ADMIN_PRODUCTS) {
      sum.turnover[product] += p.turnover[product];
      sum.ggr[product] += p.ggr[product];
    }
  }
  return {
    signups: sum.signups,
    deposits: rupees(sum.deposits),
    withdrawals: rupees(sum.withdrawals),
    turnover: inRupees(sum.turnover),
    ggr: inRupees(sum.ggr),
  };
}

/**
 * The console's dashboard (docs/console.md): the last 30 days' sign-ups (users), payments
 * (payments), turnover and GGR per product (bets, casino), players online (sessions) and the
 * markets holding most (money, named by markets). Each owner sums its own rows; they meet here.
 */
export function createConsoleDashboard({ db, clock }: Pick<ConsoleDeps, 'db' | 'clock'>) {
  /** What the book's largest holds are on, by market or fancy line. */
  async function largestExposure() {
    const held = await exposureByMarket(db, 20);
    const marketIds = held.filter((row) => row.market_key.startsWith('market:')).map((row) => row.market_key.slice(7));
    const fancyIds = held.filter((row) => row.market_key.startsWith('fancy:')).map((row) => Number(row.market_key.slice(6)));
    const names = await marketNames(db, marketIds, fancyIds);
    return held.map((row) => {
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
    });
  }

  return {
    /** `adminDashboard` */
    async dashboard(): Promise<DataOf<typeof api.adminDashboard>> {
      const now = clock.now();
      const today = Math.floor(now / DAY_MS);
      const from = (today - 29) * DAY_MS;
      const [online, signups, payments, bets, casino, exposure] = await Promise.all([
        countPlayersOnline(db, now - 15 * 60_000),
        dailySignups(db, from),
        dailyPayments(db, from),
        dailyBetResults(db, from),
        dailyCasinoPlay(db, from),
        largestExposure(),
      ]);
      const days = Array.from({ length: 30 }, (_, index) => today - 29 + index);
      const point = new Map<number, DayPoint>(
        days.map((day) => [day, { signups: 0, deposits: 0, withdrawals: 0, turnover: zeroByProduct(), ggr: zeroByProduct() }]),
      );
      const at = (day: number | string) => point.get(Number(day));
      for (const row of signups) {
        const p = at(row.day);
        if (p) p.signups += Number(row.n);
      }
      for (const row of payments.deposits) {
        const p = at(row.day);
        if (p) p.deposits += Number(row.n);
      }
      for (const row of payments.withdrawals) {
        const p = at(row.day);
        if (p) p.withdrawals += Number(row.n);
      }
      for (const row of bets) {
        const p = at(row.day);
        if (!p) continue;
        p.turnover[row.kind] += Number(row.turnover ?? 0);
        p.ggr[row.kind] -= Number(row.player_pl ?? 0);
      }
      for (const row of casino) {
        const p = at(row.day);
        if (!p) continue;
        p.turnover.casino += Number(row.turnover ?? 0);
        p.ggr.casino += Number(row.turnover ?? 0) - Number(row.payouts ?? 0);
      }
      return {
        players_online: online,
        today: totalsOf([point.get(today)!]),
        days_30: totalsOf(days.map((day) => point.get(day)!)),
        exposure,
        series: days.map((day) => {
          const p = point.get(day)!;
          return {
            day: dayText(day),
            signups: p.signups,
            deposits: rupees(p.deposits),
            withdrawals: rupees(p.withdrawals),
            turnover: rupees(sumOfProducts(p.turnover)),
            ggr: rupees(sumOfProducts(p.ggr)),
          };
        }),
      };
    },
  };
}
