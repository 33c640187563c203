import { randomUUID } from 'node:crypto';
import type { BetRow, CashOutQuoteWire, Market, MarketsSnapshot, WinLossRow } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit';
import { createSettlementService } from '../src/modules/bets/settlement.service';
import { balanceOf, placeBet, snapshotsOf } from './bets-support';
import { createWalletApiApp, PLAYER_PASSWORD, type WalletApiApp } from './wallet-support';

/**
 * Cash out through HTTP (docs/betting.md "Cash out"). The test app's clock
 * stands still unless a test moves it, so the prices a quote reads are the prices a cash out sees.
 */
let t: WalletApiApp;

beforeAll(async () => {
  t = await createWalletApiApp({ env: { SIM_SEED: 'cash-out', SIM_SPEED: '1' } });
}, 60_000);
afterAll(async () => t.close());

interface Found {
  matchId: number;
  market: Market;
}

const CRICKET = 4;
const used = new Set<string>();

/**
 * A fresh open cricket market of the type, every runner priced: before the start (`inPlay` false,
 * at least `startsAfterMs` away) or in play.
 */
async function cricketMarket(type: 'MATCH_ODDS' | 'BOOKMAKER', options: { inPlay?: boolean; startsAfterMs?: number } = {}) {
  for (const snapshot of await snapshotsOf(t)) {
    if (snapshot.match.sport_id !== CRICKET || snapshot.match.in_play !== (options.inPlay ?? false)) continue;
    if (Date.parse(snapshot.match.start_time) < t.clock.now() + (options.startsAfterMs ?? 0)) continue;
    const market = snapshot.markets.find(
      (item) =>
        item.market_type === type &&
        item.status === 'OPEN' &&
        !used.has(item.market_id) &&
        item.runners.every((runner) => runner.back.length > 0 && runner.lay.length > 0),
    );
    if (market) {
      used.add(market.market_id);
      return { matchId: snapshot.match.match_id, market } satisfies Found;
    }
  }
  throw new Error(`no open cricket ${type} market (in play: ${options.inPlay ?? false})`);
}

async function funded(name: string, rupees = 10_000) {
  const player = await t.newPlayer(name);
  await t.credit(player.userId, rupees * 100);
  return player;
}

async function bet(found: Found, token: string, runnerIndex: number, stack: number, isBack: 0 | 1 = 1) {
  const runner = found.market.runners[runnerIndex]!;
  const odds = isBack ? runner.back[0]!.odds : runner.lay[0]!.odds;
  const res = await placeBet(t, 'bet/placeMarketBet', token, {
    match_id: found.matchId,
    market_id: found.market.market_id,
    selection_id: runner.selection_id,
    odds,
    stack,
    is_back: isBack,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const quote = (token: string, marketId: string) => t.post('bet/cashOutQuote', { market_id: marketId }, { token });

function cashOut(token: string, body: Record<string, unknown>, key: string = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/bet/cashOut',
    payload: body,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
  });
}

async function quoted(token: string, marketId: string): Promise<CashOutQuoteWire> {
  const res = await quote(token, marketId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CashOutQuoteWire;
}

async function book(token: string, found: Found): Promise<WinLossRow[]> {
  const data = (await t.post('bet/getWinLossList', { match_id: found.matchId }, { token })).json().data;
  return (data.markets as { market_id: string; win_loss: WinLossRow[] }[]).find(
    (market) => market.market_id === found.market.market_id,
  )!.win_loss;
}

async function currentRows(token: string): Promise<BetRow[]> {
  return (await t.post('report/currentBets', { limit: 100 }, { token })).json().data.rows as BetRow[];
}

const spreadOf = (rows: WinLossRow[]) =>
  Math.max(...rows.map((row) => row.profit_loss)) - Math.min(...rows.map((row) => row.profit_loss));

/** The value is the least profit, and every runner shows it within 0.01 (the contract). */
function expectFlat(rows: WinLossRow[], value: number) {
  expect(spreadOf(rows)).toBeLessThanOrEqual(0.01 + 1e-9);
  expect(Math.min(...rows.map((row) => row.profit_loss))).toBeCloseTo(value, 2);
}

describe('a full cash out', () => {
  it('quotes the hedge at the best prices now, places it, and leaves the same profit on every runner', async () => {
    const found = await cricketMarket('MATCH_ODDS');
    const player = await funded('co_full');
    await bet(found, player.token, 0, 1_000);
    const before = await book(player.token, found);
    expect(spreadOf(before)).toBeGreaterThan(1);

    const offer = await quoted(player.token, found.market.market_id);
    expect(Object.keys(offer).sort()).toEqual(['legs', 'market_id', 'value']);
    expect(offer.market_id).toBe(found.market.market_id);
    expect(offer.legs.length).toBeGreaterThan(0);
    for (const leg of offer.legs) {
      expect(Object.keys(leg).sort()).toEqual(['is_back', 'odds', 'selection_id', 'stack']);
      const runner = found.market.runners.find((item) => item.selection_id === leg.selection_id)!;
      expect(leg.odds).toBe(leg.is_back ? runner.back[0]!.odds : runner.lay[0]!.odds);
    }
    // Never above what the prices allow: below the best runner's profit, above the worst's loss.
    expect(offer.value).toBeLessThan(Math.max(...before.map((row) => row.profit_loss)));
    expect(offer.value).toBeGreaterThan(Math.min(...before.map((row) => row.profit_loss)));

    const res = await cashOut(player.token, { market_id: found.market.market_id, share: 1, value: offer.value });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json().data;
    expect(done).toMatchObject({ market_id: found.market.market_id, share: 1, value: offer.value });
    expect(done.legs.map(({ bet_id: _, ...leg }: { bet_id: number }) => leg)).toEqual(offer.legs);
    expectFlat(await book(player.token, found), offer.value);
    expect(done.market_exposure).toBeCloseTo(Math.max(0, -offer.value), 2);
    expect((await balanceOf(t, player.token)).exposure).toBeCloseTo(Math.max(0, -offer.value), 2);

    // The legs are bets, marked as cash out in the reports.
    const rows = await currentRows(player.token);
    expect(
      rows
        .filter((row) => row.is_cash_out === 1)
        .map((row) => row.bet_id)
        .sort(),
    ).toEqual(done.legs.map((leg: { bet_id: number }) => leg.bet_id).sort());
    expect(rows.filter((row) => row.is_cash_out === 0)).toHaveLength(1);
    // A level book has nothing left to cash out.
    expect(await quoted(player.token, found.market.market_id)).toMatchObject({ legs: [] });
    const again = await cashOut(player.token, { market_id: found.market.market_id, share: 1, value: offer.value });
    expect(again.json()).toMatchObject({ code: 'CASH_OUT_UNAVAILABLE' });
    expect((await auditLedger(t.database.db)).faults).toEqual([]);
  });

  it('flattens a bookmaker book at its rates per 100, and settles to the value whoever wins', async () => {
    const found = await cricketMarket('BOOKMAKER');
    const player = await funded('co_book');
    await bet(found, player.token, 0, 700);
    await bet(found, player.token, 1, 300, 0);
    const offer = await quoted(player.token, found.market.market_id);
    for (const leg of offer.legs) expect(Number.isInteger(leg.odds)).toBe(true);
    const res = await cashOut(player.token, { market_id: found.market.market_id, share: 1, value: offer.value });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await book(player.token, found);
    expectFlat(rows, offer.value);
    const settlement = createSettlementService(t.database.db, t.clock, t.module);
    const winner = found.market.runners[1]!.selection_id;
    await settlement.settle(`M:${found.market.market_id}`, { outcome: 'winner', winnerSelectionId: winner }, 'operator');
    const history = (await t.post('report/betHistory', {}, { token: player.token })).json().data;
    expect(history.totals.profit_loss).toBeCloseTo(rows.find((row) => row.selection_id === winner)!.profit_loss, 2);
    expect(await balanceOf(t, player.token)).toMatchObject({ exposure: 0 });
    expect((await balanceOf(t, player.token)).free_chip).toBeCloseTo(10_000 + history.totals.profit_loss, 2);
    expect((await auditLedger(t.database.db)).faults).toEqual([]);
  });

  it('replays a retry with the same key: the legs are placed once', async () => {
    const found = await cricketMarket('MATCH_ODDS');
    const player = await funded('co_retry');
    await bet(found, player.token, 1, 500);
    const offer = await quoted(player.token, found.market.market_id);
    const key = randomUUID();
    const body = { market_id: found.market.market_id, share: 1, value: offer.value };
    const first = await cashOut(player.token, body, key);
    const second = await cashOut(player.token, body, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((await currentRows(player.token)).filter((row) => row.is_cash_out === 1)).toHaveLength(offer.legs.length);
  });
});

describe('a partial cash out', () => {
  it('places the share of each leg and moves every runner that share of the way; the rest cashes out later', async () => {
    const found = await cricketMarket('MATCH_ODDS');
    const player = await funded('co_part');
    await bet(found, player.token, 0, 2_000);
    const before = await book(player.token, found);
    const offer = await quoted(player.token, found.market.market_id);
    const half = await cashOut(player.token, { market_id: found.market.market_id, share: 0.5, value: offer.value });
    expect(half.statusCode, half.body).toBe(200);
    const legs = half.json().data.legs as { selection_id: number; stack: number }[];
    expect(legs.map((leg) => leg.stack)).toEqual(offer.legs.map((leg) => Math.floor(leg.stack * 50) / 100));
    const middle = await book(player.token, found);
    middle.forEach((row, index) => {
      const halfway = (before[index]!.profit_loss + offer.value) / 2;
      expect(Math.abs(row.profit_loss - halfway)).toBeLessThanOrEqual(0.05);
    });
    const rest = await quoted(player.token, found.market.market_id);
    expect(Math.abs(rest.value - offer.value)).toBeLessThanOrEqual(0.05);
    const full = await cashOut(player.token, { market_id: found.market.market_id, share: 1, value: rest.value });
    expect(full.statusCode, full.body).toBe(200);
    expectFlat(await book(player.token, found), rest.value);
  });

  it('refuses a share outside 0.01 to 1 and changes nothing', async () => {
    const found = await cricketMarket('MATCH_ODDS');
    const player = await funded('co_share');
    await bet(found, player.token, 0, 100);
    const offer = await quoted(player.token, found.market.market_id);
    for (const share of [0, 1.01, 0.005, -0.5]) {
      const res = await cashOut(player.token, { market_id: found.market.market_id, share, value: offer.value });
      expect(res.statusCode).toBe(400);
    }
    expect(await currentRows(player.token)).toHaveLength(1);
  });
});

describe('when the value moved', () => {
  it('refuses with CASH_OUT_CHANGED and the new value, places nothing, and takes the new value', async () => {
    const found = await cricketMarket('MATCH_ODDS', { startsAfterMs: 6 * 3_600_000 });
    const player = await funded('co_moved');
    await bet(found, player.token, 0, 1_000);
    const offer = await quoted(player.token, found.market.market_id);
    // Pre-match prices step every 20 s (docs/sports.md): move the clock until the value moves.
    let now = offer;
    for (let step = 0; step < 60 && now.value === offer.value; step += 1) {
      t.clock.advance(20_000);
      now = await quoted(player.token, found.market.market_id);
    }
    expect(now.value).not.toBe(offer.value);
    const refused = await cashOut(player.token, { market_id: found.market.market_id, share: 1, value: offer.value });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'CASH_OUT_CHANGED',
      data: { market_id: found.market.market_id, value: now.value },
    });
    expect(refused.json().message).toContain('Cash out value changed');
    expect(await currentRows(player.token)).toHaveLength(1);
    const taken = await cashOut(player.token, { market_id: found.market.market_id, share: 1, value: refused.json().data.value });
    expect(taken.statusCode, taken.body).toBe(200);
    expectFlat(await book(player.token, found), now.value);
  });

  it('refuses when the player bet in the market after the quote (the book changed)', async () => {
    const found = await cricketMarket('MATCH_ODDS');
    const player = await funded('co_rebet');
    await bet(found, player.token, 0, 1_000);
    const offer = await quoted(player.token, found.market.market_id);
    await bet(found, player.token, 1, 400);
    const refused = await cashOut(player.token, { market_id: found.market.market_id, share: 1, value: offer.value });
    expect(refused.json()).toMatchObject({ code: 'CASH_OUT_CHANGED' });
    expect(refused.json().data.value).toBe((await quoted(player.token, found.market.market_id)).value);
  });
});

describe('when cash out is not offered', () => {
  it('refuses without a position, on a suspended market, on a settled one and on an unknown one', async () => {
    const found = await cricketMarket('MATCH_ODDS');
    const player = await funded('co_none');
    expect((await quote(player.token, found.market.market_id)).json()).toMatchObject({ code: 'CASH_OUT_UNAVAILABLE' });
    await bet(found, player.token, 0, 500);
    const offer = await quoted(player.token, found.market.market_id);
    await t.database.db
      .insertInto('feed_suspensions')
      .values({ target: `M:${found.market.market_id}`, match_id: found.matchId, set_at: t.clock.now() })
      .execute();
    t.clock.advance(1_100);
    expect((await quote(player.token, found.market.market_id)).json()).toMatchObject({ code: 'MARKET_SUSPENDED' });
    const suspended = await cashOut(player.token, { market_id: found.market.market_id, share: 1, value: offer.value });
    expect(suspended.json()).toMatchObject({ code: 'MARKET_SUSPENDED' });
    await t.database.db.deleteFrom('feed_suspensions').where('target', '=', `M:${found.market.market_id}`).execute();
    t.clock.advance(1_100);
    const settlement = createSettlementService(t.database.db, t.clock, t.module);
    await settlement.settle(`M:${found.market.market_id}`, { outcome: 'void' }, 'operator');
    t.clock.advance(1_100);
    expect((await quote(player.token, found.market.market_id)).json()).toMatchObject({ code: 'MARKET_CLOSED' });
    expect((await quote(player.token, '1.999999999')).statusCode).toBe(404);
    expect(await currentRows(player.token)).toHaveLength(0);
  });

  it('is not offered on a market that pays several runners (a race’s Place market)', async () => {
    const place = (await snapshotsOf(t))
      .flatMap((snapshot: MarketsSnapshot) => snapshot.markets)
      .find((market) => market.market_type === 'PLACE');
    expect(place).toBeDefined();
    const player = await funded('co_place');
    expect((await quote(player.token, place!.market_id)).json()).toMatchObject({ code: 'CASH_OUT_UNAVAILABLE' });
  });

  it('passes the money module’s stake rules: a pause refuses the legs, a used stake limit does not (they lower the risk)', async () => {
    const found = await cricketMarket('MATCH_ODDS');
    const player = await funded('co_limit');
    await bet(found, player.token, 0, 1_000);
    const limit = await t.post('rg/setLimit', { kind: 'stake', period: 'day', amount: 1_000 }, { token: player.token });
    expect(limit.statusCode, limit.body).toBe(200);
    const offer = await quoted(player.token, found.market.market_id);
    const taken = await cashOut(player.token, { market_id: found.market.market_id, share: 0.5, value: offer.value });
    expect(taken.statusCode, taken.body).toBe(200);

    const paused = await funded('co_paused');
    await bet(found, paused.token, 0, 1_000);
    await t.post('rg/pause', { kind: 'time_out', duration: '24h' }, { token: paused.token });
    const token = await t.login('co_paused', PLAYER_PASSWORD);
    const pausedOffer = await quoted(token, found.market.market_id);
    const refused = await cashOut(token, { market_id: found.market.market_id, share: 1, value: pausedOffer.value });
    expect(refused.json()).toMatchObject({ code: 'PLAY_PAUSED' });
    expect(await currentRows(token)).toHaveLength(1);
  });
});
