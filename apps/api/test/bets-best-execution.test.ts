import type { Market } from '@app/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balanceOf, placeBet, snapshotsOf } from './bets-support';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

/**
 * docs/betting.md "Best execution" and "Placement": a bet takes the best price on offer when it is
 * better than the one asked, a worse one only when the player accepts any price; and an in-play
 * bet is refused before its delay for everything that does not depend on the price after it.
 * The test app's clock stands still, so the prices read here are the prices a placement sees;
 * the in-play delay is a recorder (`betPlacement.wait`), so the tests see whether a bet waited.
 */
let t: WalletApiApp;
const waits: number[] = [];

beforeAll(async () => {
  t = await createWalletApiApp({
    env: { SIM_SEED: 'best-execution', SIM_SPEED: '1' },
    deps: { betPlacement: { wait: async (ms) => void waits.push(ms) } },
  });
}, 60_000);
afterAll(async () => t.close());
beforeEach(() => {
  waits.length = 0;
});

interface Found {
  matchId: number;
  market: Market;
}

const used = new Set<string>();

/** A fresh open market of the type, every runner priced on both sides, before the start or in play. */
async function openMarket(type: 'MATCH_ODDS' | 'BOOKMAKER', inPlay: boolean): Promise<Found> {
  for (const snapshot of await snapshotsOf(t)) {
    if (snapshot.match.in_play !== inPlay) continue;
    const market = snapshot.markets.find(
      (item) =>
        item.market_type === type &&
        item.status === 'OPEN' &&
        !used.has(item.market_id) &&
        item.runners.every((runner) => runner.back.length > 0 && runner.lay.length > 0),
    );
    if (market) {
      used.add(market.market_id);
      return { matchId: snapshot.match.match_id, market };
    }
  }
  throw new Error(`no open ${type} market (in play: ${inPlay})`);
}

async function funded(name: string, paise = 1_000_000) {
  const player = await t.newPlayer(name);
  await t.credit(player.userId, paise);
  return player;
}

function body(found: Found, runnerIndex: number, odds: number, isBack: 0 | 1, extra: Record<string, unknown> = {}) {
  return {
    match_id: found.matchId,
    market_id: found.market.market_id,
    selection_id: found.market.runners[runnerIndex]!.selection_id,
    odds,
    stack: 100,
    is_back: isBack,
    ...extra,
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

describe('best execution', () => {
  it('takes a back at the best back on offer when it is above the asked odds, with no option sent', async () => {
    const found = await openMarket('MATCH_ODDS', false);
    const player = await funded('best1');
    const offered = found.market.runners[0]!.back[0]!.odds;
    const asked = round2(offered - 0.04);
    const res = await placeBet(t, 'bet/placeMarketBet', player.token, body(found, 0, asked, 1));
    expect(res.statusCode, res.body).toBe(200);
    // The player gets the higher odds: more to win on the same stake.
    expect(res.json().data).toMatchObject({ odds: offered, possible_win: round2((offered - 1) * 100) });
    const rows = (await t.post('report/currentBets', {}, { token: player.token })).json().data.rows as { odds: number }[];
    expect(rows.map((row) => row.odds)).toEqual([offered]);
  });

  it('takes a lay at the best lay on offer when it is below the asked odds: less is risked', async () => {
    const found = await openMarket('MATCH_ODDS', false);
    const player = await funded('best2');
    const offered = found.market.runners[1]!.lay[0]!.odds;
    const res = await placeBet(t, 'bet/placeMarketBet', player.token, body(found, 1, round2(offered + 0.1), 0));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ odds: offered, liability: round2((offered - 1) * 100) });
    expect(await balanceOf(t, player.token)).toMatchObject({ exposure: round2((offered - 1) * 100) });
  });

  it('takes a bookmaker back at the better rate on offer', async () => {
    const found = await openMarket('BOOKMAKER', false);
    const player = await funded('best3');
    const offered = found.market.runners[0]!.back[0]!.odds;
    const res = await placeBet(t, 'bet/placeMarketBet', player.token, body(found, 0, offered - 1, 1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.odds).toBe(offered);
  });

  it('refuses a worse price, and takes it only when the player accepts any price', async () => {
    const found = await openMarket('MATCH_ODDS', false);
    const player = await funded('best4');
    const back = found.market.runners[0]!.back[0]!.odds;
    const lay = found.market.runners[0]!.lay[0]!.odds;
    const refused = await placeBet(t, 'bet/placeMarketBet', player.token, body(found, 0, round2(back + 0.5), 1));
    expect(refused.json()).toMatchObject({ code: 'ODDS_CHANGED', data: { is_back: 1, odds: back } });
    // The older option changes nothing for a worse price.
    const older = await placeBet(
      t,
      'bet/placeMarketBet',
      player.token,
      body(found, 0, round2(back + 0.5), 1, { accept_better_odds: true }),
    );
    expect(older.json()).toMatchObject({ code: 'ODDS_CHANGED' });
    expect(await balanceOf(t, player.token)).toMatchObject({ exposure: 0 });

    const anyBack = await placeBet(
      t,
      'bet/placeMarketBet',
      player.token,
      body(found, 0, round2(back + 0.5), 1, { accept_any_odds: true }),
    );
    expect(anyBack.statusCode, anyBack.body).toBe(200);
    expect(anyBack.json().data.odds).toBe(back);
    const anyLay = await placeBet(t, 'bet/placeMarketBet', player.token, body(found, 0, 1.01, 0, { accept_any_odds: 1 }));
    expect(anyLay.statusCode, anyLay.body).toBe(200);
    expect(anyLay.json().data).toMatchObject({ odds: lay, liability: round2((lay - 1) * 100) });
  });

  it('refuses accept_any_odds that is not a yes or no', async () => {
    const found = await openMarket('MATCH_ODDS', false);
    const player = await funded('best5');
    const res = await placeBet(t, 'bet/placeMarketBet', player.token, body(found, 0, 1.5, 1, { accept_any_odds: 'yes' }));
    expect(res.statusCode).toBe(400);
  });

  it('takes an in-play back at the best price on offer after the delay', async () => {
    const found = await openMarket('MATCH_ODDS', true);
    const player = await funded('best6');
    const offered = found.market.runners[0]!.back[0]!.odds;
    const res = await placeBet(t, 'bet/placeMarketBet', player.token, body(found, 0, 1.01, 1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.odds).toBe(offered);
    expect(waits).toEqual([found.market.bet_delay_s * 1000]);
  });
});

describe('refusals before the in-play delay', () => {
  let inPlay: Found;
  beforeAll(async () => {
    inPlay = await openMarket('MATCH_ODDS', true);
  });
  const inPlayBack = (stack = 100) => ({ ...body(inPlay, 0, 1.01, 1), stack });

  it('a stake limit refuses at once, without waiting', async () => {
    const player = await funded('early1');
    expect((await t.post('rg/setLimit', { kind: 'stake', period: 'day', amount: 50 }, { token: player.token })).statusCode).toBe(
      200,
    );
    const res = await placeBet(t, 'bet/placeMarketBet', player.token, inPlayBack(100));
    expect(res.json()).toMatchObject({ status: false, code: 'LIMIT_REACHED' });
    expect(waits).toEqual([]);
    expect(await balanceOf(t, player.token)).toMatchObject({ exposure: 0 });
  });

  it('a loss limit refuses at once', async () => {
    const player = await funded('early2');
    await t.post('rg/setLimit', { kind: 'loss', period: 'week', amount: 60 }, { token: player.token });
    const res = await placeBet(t, 'bet/placeMarketBet', player.token, inPlayBack(100));
    expect(res.json()).toMatchObject({ code: 'LIMIT_REACHED' });
    expect(waits).toEqual([]);
  });

  it('a short balance refuses at once, naming what is short', async () => {
    const player = await funded('early3', 5_000);
    const res = await placeBet(t, 'bet/placeMarketBet', player.token, inPlayBack(100));
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance: ₹50.00 short' });
    expect(waits).toEqual([]);
  });

  it('a pause refuses at once', async () => {
    const player = await funded('early4');
    await pauseNow(player.userId);
    const res = await placeBet(t, 'bet/placeMarketBet', player.token, inPlayBack(100));
    expect(res.json()).toMatchObject({ code: 'PLAY_PAUSED' });
    expect(waits).toEqual([]);
  });

  it('a bet that passes every check waits once, and only the price is checked after it', async () => {
    const player = await funded('early5');
    const res = await placeBet(t, 'bet/placeMarketBet', player.token, inPlayBack(100));
    expect(res.statusCode, res.body).toBe(200);
    expect(waits).toHaveLength(1);
  });

  it('a hedge that lowers the worst case is not refused by a limit before the delay', async () => {
    const player = await funded('early6');
    const back = await placeBet(t, 'bet/placeMarketBet', player.token, inPlayBack(200));
    expect(back.statusCode, back.body).toBe(200);
    waits.length = 0;
    // The day's stake limit is used up: a bet that adds to the worst case is refused, a hedge is not.
    await t.post('rg/setLimit', { kind: 'stake', period: 'day', amount: 200 }, { token: player.token });
    const more = await placeBet(t, 'bet/placeMarketBet', player.token, inPlayBack(100));
    expect(more.json()).toMatchObject({ code: 'LIMIT_REACHED' });
    expect(waits).toEqual([]);
    waits.length = 0;
    const lay = found0Lay(inPlay);
    const res = await placeBet(t, 'bet/placeMarketBet', player.token, { ...body(inPlay, 0, lay, 0), stack: 100 });
    expect(res.statusCode, res.body).toBe(200);
    expect(waits).toHaveLength(1);
  });

  it('an in-play cash out during a pause is refused at once too', async () => {
    const player = await funded('early8');
    const back = await placeBet(t, 'bet/placeMarketBet', player.token, inPlayBack(200));
    expect(back.statusCode, back.body).toBe(200);
    const quote = await t.post('bet/cashOutQuote', { market_id: inPlay.market.market_id }, { token: player.token });
    expect(quote.statusCode, quote.body).toBe(200);
    await pauseNow(player.userId);
    waits.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bet/cashOut',
      payload: { market_id: inPlay.market.market_id, share: 1, value: quote.json().data.value },
      headers: { authorization: `Bearer ${player.token}`, 'idempotency-key': `co-${player.userId}` },
    });
    expect(res.json()).toMatchObject({ code: 'PLAY_PAUSED' });
    expect(waits).toEqual([]);
  });

  it('a market whose result is declared refuses at once', async () => {
    const found = await openMarket('MATCH_ODDS', true);
    const player = await funded('early7');
    await t.database.db
      .insertInto('feed_results')
      .values({
        target: `M:${found.market.market_id}`,
        match_id: found.matchId,
        winner_selection_id: found.market.runners[0]!.selection_id,
        result_runs: null,
        placed_selection_ids: null,
        decided_at: t.clock.now(),
      })
      .execute();
    const res = await placeBet(t, 'bet/placeMarketBet', player.token, body(found, 0, 1.01, 1));
    expect(res.json()).toMatchObject({ code: 'MARKET_CLOSED' });
    expect(waits).toEqual([]);
  });
});

/** A pause taken elsewhere (an operator's) while the player's session still stands. */
async function pauseNow(userId: number): Promise<void> {
  await t.database.db
    .insertInto('rg_state')
    .values({
      user_id: userId,
      stake_day: null,
      stake_week: null,
      stake_month: null,
      loss_day: null,
      loss_week: null,
      loss_month: null,
      pause_kind: 'time_out',
      paused_from: t.clock.now(),
      paused_until: t.clock.now() + 86_400_000,
      updated_at: t.clock.now(),
    })
    .execute();
}

function found0Lay(found: Found): number {
  return found.market.runners[0]!.lay[0]!.odds;
}
