import { randomUUID } from 'node:crypto';
import type { CashOutQuoteWire, WinLossRow } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { createBetsService } from '../src/modules/bets/bets.service';
import { createCashOutService } from '../src/modules/bets/cash-out.service';
import { createFeed } from '../src/modules/markets/markets.module';
import { createMarketsService } from '../src/modules/markets/markets.service';
import { type OpenMarket, snapshotsOf } from './bets-support';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

/**
 * Cash out in play (docs/betting.md "Cash out"): the legs of an in-play match-odds cash out wait
 * the market's bet delay with no transaction open, as a bet does, then the market's status and the
 * value are checked again.
 */
let t: WalletApiApp;

beforeAll(async () => {
  t = await createWalletApiApp({ env: { SIM_SEED: 'co-delay', SIM_SPEED: '1' } });
}, 60_000);
afterAll(async () => t.close());

/** An open in-play cricket market of the type (this seed has two cricket matches in play at the start). */
async function inPlayMarket(type: 'MATCH_ODDS' | 'BOOKMAKER' = 'MATCH_ODDS'): Promise<OpenMarket> {
  for (const snapshot of await snapshotsOf(t)) {
    if (!snapshot.match.in_play || snapshot.match.sport_id !== 4) continue;
    const market = snapshot.markets.find(
      (item) =>
        item.market_type === type && item.status === 'OPEN' && item.runners.every((r) => r.back.length > 0 && r.lay.length > 0),
    );
    if (market) return { matchId: snapshot.match.match_id, market, snapshot };
  }
  throw new Error(`no open in-play cricket ${type} market`);
}

/** The services on the app's database, with the delay replaced by `onWait` (placement waits nothing). */
function servicesWaiting(onWait: () => Promise<void>) {
  const waits: number[] = [];
  const markets = createMarketsService(t.database.db, t.clock, createFeed(t.config));
  const deps = { markets, money: t.module.money };
  const bets = createBetsService(t.database.db, t.clock, deps, { wait: async () => {} });
  const cashOut = createCashOutService(t.database.db, t.clock, deps, {
    wait: async (ms) => {
      waits.push(ms);
      await onWait();
    },
  });
  return { bets, cashOut, waits };
}

async function backedPlayer(name: string, open: OpenMarket, bets: ReturnType<typeof servicesWaiting>['bets']) {
  const player = await t.newPlayer(name);
  await t.credit(player.userId, 1_000_000);
  const runner = open.market.runners[0]!;
  await bets.placeMarketBet(
    { userId: player.userId, sessionId: 1, idempotency: null },
    {
      match_id: open.matchId,
      market_id: open.market.market_id,
      selection_id: runner.selection_id,
      odds: runner.back[0]!.odds,
      stack: 1_000,
      is_back: 1,
    },
  );
  return player;
}

const openBets = (userId: number) =>
  t.database.db.selectFrom('bets').select('bet_id').where('user_id', '=', userId).where('status', '=', 'open').execute();

describe('an in-play cash out', () => {
  it('waits the delay through HTTP, then places the legs and leaves a level book', async () => {
    const open = await inPlayMarket();
    expect(open.market.bet_delay_s).toBeGreaterThan(0);
    const { bets } = servicesWaiting(async () => {});
    const player = await backedPlayer('co_inplay', open, bets);
    const offer = (await t.post('bet/cashOutQuote', { market_id: open.market.market_id }, { token: player.token })).json()
      .data as CashOutQuoteWire;
    // The app waits the real delay (the test clock stands still meanwhile, so the prices hold).
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bet/cashOut',
      payload: { market_id: open.market.market_id, share: 1, value: offer.value },
      headers: { authorization: `Bearer ${player.token}`, 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const book = (await t.post('bet/getWinLossList', { match_id: open.matchId }, { token: player.token })).json().data.markets[0]
      .win_loss as WinLossRow[];
    const totals = book.map((row) => row.profit_loss);
    expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(0.01 + 1e-9);
  }, 30_000);

  it('waits the market’s delay, and is refused when the market was suspended during it', async () => {
    const open = await inPlayMarket();
    const services = servicesWaiting(async () => {
      await t.database.db
        .insertInto('feed_suspensions')
        .values({ target: `M:${open.market.market_id}`, match_id: open.matchId, set_at: t.clock.now() })
        .execute();
      t.clock.advance(1_100);
    });
    const player = await backedPlayer('co_susp', open, services.bets);
    const offer = await services.cashOut.quote(player.userId, open.market.market_id);
    await expect(
      services.cashOut.cashOut(
        { userId: player.userId, sessionId: 1, idempotency: null },
        { market_id: open.market.market_id, share: 1, value: offer.value },
      ),
    ).rejects.toMatchObject({ code: 'MARKET_SUSPENDED' });
    expect(services.waits).toEqual([open.market.bet_delay_s * 1000]);
    expect(await openBets(player.userId)).toHaveLength(1);
  });

  it('does not wait on a bookmaker market', async () => {
    const open = await inPlayMarket('BOOKMAKER');
    const services = servicesWaiting(async () => {});
    const player = await backedPlayer('co_bm_live', open, services.bets);
    const offer = await services.cashOut.quote(player.userId, open.market.market_id);
    await services.cashOut.cashOut(
      { userId: player.userId, sessionId: 1, idempotency: null },
      { market_id: open.market.market_id, share: 1, value: offer.value },
    );
    expect(services.waits).toEqual([]);
    expect(await openBets(player.userId)).toHaveLength(1 + offer.legs.length);
  });

  // Last: it plays the match on.
  it('is refused with the new value when prices moved during the delay', async () => {
    const open = await inPlayMarket();
    let playerId = 0;
    let offered = 0;
    let seen: number | null = null;
    const services = servicesWaiting(async () => {
      // Play on, ball by ball, until the value the player was shown is gone (a quote may be
      // refused meanwhile: a wicket suspends the market for a moment).
      for (let step = 0; step < 200 && (seen === null || seen === offered); step += 1) {
        t.clock.advance(2_000);
        seen = await services.cashOut.quote(playerId, open.market.market_id).then(
          (quote) => quote.value,
          (error: unknown) => (error instanceof AppError ? null : Promise.reject(error)),
        );
      }
    });
    const player = await backedPlayer('co_moves', open, services.bets);
    playerId = player.userId;
    offered = (await services.cashOut.quote(player.userId, open.market.market_id)).value;
    const refusal = await services.cashOut
      .cashOut(
        { userId: player.userId, sessionId: 1, idempotency: null },
        { market_id: open.market.market_id, share: 1, value: offered },
      )
      .catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'CASH_OUT_CHANGED', data: { value: seen } });
    expect(seen).not.toBe(offered);
    expect(await openBets(player.userId)).toHaveLength(1);
  });
});
