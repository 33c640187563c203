import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBetsService } from '../src/modules/bets/bets.service';
import { createFeed } from '../src/modules/markets/markets.module';
import { createMarketsService } from '../src/modules/markets/markets.service';
import { findOpenMatchOdds, type OpenMarket } from './bets-support';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

/** The in-play delay: the bet waits outside any transaction, then price and status are checked again. */
let t: WalletApiApp;
let inPlay: OpenMarket;

beforeAll(async () => {
  t = await createWalletApiApp({ env: { SIM_SEED: 'bets-delay', SIM_SPEED: '1' } });
  inPlay = await findOpenMatchOdds(t, { inPlay: true });
}, 60_000);
afterAll(async () => t.close());

function serviceWaiting(onWait: () => Promise<void>) {
  const waits: number[] = [];
  const markets = createMarketsService(t.database.db, t.clock, createFeed(t.config));
  const service = createBetsService(
    t.database.db,
    t.clock,
    { markets, money: t.module.money },
    {
      wait: async (ms) => {
        waits.push(ms);
        await onWait();
      },
    },
  );
  return { service, waits };
}

function backAtAnyPrice(market: OpenMarket) {
  const runner = market.market.runners[0]!;
  return {
    match_id: market.matchId,
    market_id: market.market.market_id,
    selection_id: runner.selection_id,
    odds: 1.01,
    stack: 100,
    is_back: 1 as const,
  };
}

describe('in-play match-odds bets', () => {
  it('wait the market’s delay, then are taken when the market is still open', async () => {
    const player = await t.newPlayer('delay1');
    await t.credit(player.userId, 100_000);
    const { service, waits } = serviceWaiting(async () => {});
    const placed = await service.placeMarketBet(
      { userId: player.userId, sessionId: 1, idempotency: null },
      backAtAnyPrice(inPlay),
    );
    expect(waits).toEqual([inPlay.market.bet_delay_s * 1000]);
    expect(placed.stack).toBe(100);
  });

  it('are refused when the market was suspended during the wait, and nothing is held', async () => {
    const player = await t.newPlayer('delay2');
    await t.credit(player.userId, 100_000);
    const { service, waits } = serviceWaiting(async () => {
      await t.database.db
        .insertInto('feed_suspensions')
        .values({ target: `M:${inPlay.market.market_id}`, match_id: inPlay.matchId, set_at: t.clock.now() })
        .execute();
      // Past the markets service's suspension cache.
      t.clock.advance(1_500);
    });
    await expect(
      service.placeMarketBet({ userId: player.userId, sessionId: 1, idempotency: null }, backAtAnyPrice(inPlay)),
    ).rejects.toMatchObject({
      code: 'MARKET_SUSPENDED',
    });
    expect(waits).toHaveLength(1);
    expect(await t.module.money.readBalances(t.database.db, player.userId)).toMatchObject({ cash: 100_000, exposure: 0 });
  });

  it('do not wait before the start', async () => {
    const player = await t.newPlayer('delay3');
    await t.credit(player.userId, 100_000);
    const before = await findOpenMatchOdds(t, { inPlay: false });
    const { service, waits } = serviceWaiting(async () => {});
    await service.placeMarketBet({ userId: player.userId, sessionId: 1, idempotency: null }, backAtAnyPrice(before));
    expect(waits).toEqual([]);
  });
});
