import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/money';
import { balanceOf, findOpenFancy, findOpenMatchOdds, placeBet, snapshotsOf } from './bets-support';
import { type CasinoTestApp, createCasinoTestApp, TEST_GAME, tokenOf } from './casino-support';
import { createPeerApp, runAdminProcess } from './test-app';

/**
 * Responsible play (docs/responsible-play.md): limits that hold for match odds, bookmaker, fancy
 * and the casino, on their boundaries; raises that wait 24 hours; pauses that end every session
 * and leave a restricted one; session limits and reality checks on the server's clock.
 */
let t: CasinoTestApp;
beforeAll(async () => {
  t = await createCasinoTestApp({ env: { SIM_SEED: 'rg', SIM_SPEED: '1' } });
}, 60_000);
afterAll(async () => t.close());

const HOUR_MS = 3_600_000;

async function player(name: string, paise = 1_000_000) {
  const p = await t.newPlayer(name);
  await t.credit(p.userId, paise);
  return p;
}

async function setLimit(token: string, kind: string, period: string, amount: number | null) {
  return t.post('rg/setLimit', { kind, period, amount }, { token });
}

async function backMatchOdds(token: string, stack: number, skip?: Set<string>) {
  const open = await findOpenMatchOdds(t, skip ? { skip } : {});
  skip?.add(open.market.market_id);
  const runner = open.market.runners[0]!;
  return placeBet(t, 'bet/placeMarketBet', token, {
    match_id: open.matchId,
    market_id: open.market.market_id,
    selection_id: runner.selection_id,
    odds: runner.back[0]!.odds,
    stack,
    is_back: 1,
  });
}

async function openBookmaker() {
  const found = (await snapshotsOf(t))
    .flatMap((snapshot) => snapshot.markets.map((market) => ({ matchId: snapshot.match.match_id, market })))
    .find(
      ({ market }) =>
        market.market_type === 'BOOKMAKER' &&
        market.status === 'OPEN' &&
        market.bet_delay_s === 0 &&
        market.runners[0]?.back.length,
    );
  if (!found) throw new Error('no open bookmaker market');
  return found;
}

async function playDice(token: string, stake: number) {
  const url = (await t.launch(token, 'dice')).json().data.url as string;
  return t.post('fair/play', { token: tokenOf(url), game_code: 'dice', stake, params: { target: 50, direction: 'under' } });
}

describe('stake limits', () => {
  it('holds across match odds, bookmaker, fancy and the casino, to the paisa', async () => {
    const p = await player('rg_stake');
    expect((await setLimit(p.token, 'stake', 'day', 700)).statusCode).toBe(200);
    expect((await backMatchOdds(p.token, 300)).statusCode).toBe(200);

    const book = await openBookmaker();
    const runner = book.market.runners[0]!;
    const bookmakerBet = await placeBet(t, 'bet/placeMarketBet', p.token, {
      match_id: book.matchId,
      market_id: book.market.market_id,
      selection_id: runner.selection_id,
      odds: runner.back[0]!.odds,
      stack: 200,
      is_back: 1,
    });
    expect(bookmakerBet.statusCode, bookmakerBet.body).toBe(200);

    const { fancy } = await findOpenFancy(t);
    const fancyBody = {
      fancy_id: fancy.fancy_id,
      selection_id: fancy.selection_id,
      run: fancy.run_yes,
      size: fancy.size_yes,
      is_back: 1,
      bet_type: 'F',
    };
    // ₹190 would leave ₹10: the casino takes it to the limit exactly.
    expect((await placeBet(t, 'bet/placeFancyBet', p.token, { ...fancyBody, stack: 190 })).statusCode).toBe(200);
    expect((await playDice(p.token, 10)).statusCode).toBe(200);

    const before = await balanceOf(t, p.token);
    const over = await backMatchOdds(p.token, 100);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      message: 'This would pass your daily stake limit of ₹700.00: ₹0.00 is left.',
      // For the site's Hindi and Bengali words.
      data: { kind: 'stake', period: 'day', limit: 700, left: 0 },
    });
    const overCasino = await playDice(p.token, 1);
    expect(overCasino.statusCode).toBe(422);
    expect(overCasino.json().message).toContain('daily stake limit of ₹700.00');
    expect(await balanceOf(t, p.token)).toEqual(before);

    const state = (await t.post('rg/getLimits', {}, { token: p.token })).json().data;
    expect(
      state.limits.find((row: { kind: string; period: string }) => row.kind === 'stake' && row.period === 'day'),
    ).toMatchObject({
      amount: 700,
      used: 700,
      remaining: 0,
      pending_amount: null,
      pending_from: null,
    });
  });

  it('always takes a bet that lowers the worst case (a hedge), even at the limit', async () => {
    const p = await player('rg_hedge');
    await setLimit(p.token, 'stake', 'day', 200);
    await setLimit(p.token, 'loss', 'day', 200);
    const open = await findOpenMatchOdds(t);
    const runner = open.market.runners[0]!;
    const bet = (isBack: 0 | 1, odds: number) =>
      placeBet(t, 'bet/placeMarketBet', p.token, {
        match_id: open.matchId,
        market_id: open.market.market_id,
        selection_id: runner.selection_id,
        odds,
        stack: 100,
        is_back: isBack,
      });
    expect((await bet(1, runner.back[0]!.odds)).statusCode).toBe(200);
    expect((await bet(1, runner.back[0]!.odds)).statusCode).toBe(200);
    expect((await bet(1, runner.back[0]!.odds)).json()).toMatchObject({ code: 'LIMIT_REACHED' });
    const hedge = await bet(0, runner.lay[0]!.odds);
    expect(hedge.statusCode, hedge.body).toBe(200);
    expect(hedge.json().data.market_exposure).toBeLessThan(200);
  });

  it('never lets bets racing a limit pass it together', async () => {
    const p = await player('rg_race');
    await setLimit(p.token, 'stake', 'week', 500);
    const open = await findOpenMatchOdds(t);
    const runner = open.market.runners[0]!;
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        placeBet(t, 'bet/placeMarketBet', p.token, {
          match_id: open.matchId,
          market_id: open.market.market_id,
          selection_id: runner.selection_id,
          odds: 1.01,
          stack: 100,
          is_back: 1,
        }),
      ),
    );
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(5);
    expect(results.filter((res) => res.statusCode === 422).every((res) => res.json().code === 'LIMIT_REACHED')).toBe(true);
    expect((await auditLedger(t.database.db)).faults).toEqual([]);
  });
});

describe('loss limits', () => {
  it('count open exposure as potential loss, and refuse the bet or casino stake that would pass them', async () => {
    const p = await player('rg_loss');
    await setLimit(p.token, 'loss', 'day', 500);
    const markets = new Set<string>();
    expect((await backMatchOdds(p.token, 300, markets)).statusCode).toBe(200);
    const over = await backMatchOdds(p.token, 300, markets);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      message: 'This would pass your daily loss limit of ₹500.00: ₹200.00 is left.',
      data: { kind: 'loss', period: 'day', limit: 500, left: 200 },
    });
    expect((await playDice(p.token, 201)).json()).toMatchObject({ code: 'REFUSED' });
    // The seamless wallet answers its own status, with the message (docs/casino.md).
    const launched = await t.launch(p.token);
    const gameToken = tokenOf(launched.json().data.url as string);
    const refused = await t.wallet('bet', {
      token: gameToken,
      game_code: TEST_GAME,
      amount: 20_001,
      currency: 'INR',
      transaction_uuid: randomUUID(),
      round: randomUUID(),
    });
    expect(refused.answer).toMatchObject({
      status: 'RS_ERROR_LIMIT_REACHED',
      message: expect.stringContaining('daily loss limit'),
    });
    const taken = await t.wallet('bet', {
      token: gameToken,
      game_code: TEST_GAME,
      amount: 20_000,
      currency: 'INR',
      transaction_uuid: randomUUID(),
      round: randomUUID(),
    });
    expect(taken.answer.status).toBe('RS_OK');
    const state = (await t.post('rg/getLimits', {}, { token: p.token })).json().data;
    expect(
      state.limits.find((row: { kind: string; period: string }) => row.kind === 'loss' && row.period === 'day'),
    ).toMatchObject({
      used: 500,
      remaining: 0,
    });
  });
});

describe('changing a limit', () => {
  it('applies a new or lower limit at once, and a raise or removal only once confirmed after 24 hours', async () => {
    const p = await player('rg_change');
    await setLimit(p.token, 'stake', 'month', 1_000);
    let state = (await setLimit(p.token, 'stake', 'month', 800)).json().data;
    const monthly = (s: typeof state) =>
      s.limits.find((row: { kind: string; period: string }) => row.kind === 'stake' && row.period === 'month');
    expect(monthly(state)).toMatchObject({ amount: 800, pending_amount: null });

    state = (await setLimit(p.token, 'stake', 'month', 5_000)).json().data;
    expect(monthly(state)).toMatchObject({
      amount: 800,
      pending_amount: 5_000,
      pending_from: new Date(t.clock.now() + 24 * HOUR_MS).toISOString(),
    });
    const early = await t.post('rg/confirmLimit', { kind: 'stake', period: 'month' }, { token: p.token });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toContain('can be confirmed from');

    t.clock.advance(24 * HOUR_MS);
    const token = await t.login('rg_change', 'Wallet2026');
    state = (await t.post('rg/confirmLimit', { kind: 'stake', period: 'month' }, { token })).json().data;
    expect(monthly(state)).toMatchObject({ amount: 5_000, pending_amount: null, pending_from: null });

    // Removal waits too.
    state = (await setLimit(token, 'stake', 'month', null)).json().data;
    expect(monthly(state)).toMatchObject({ amount: 5_000, pending_amount: null });
    expect(monthly(state).pending_from).not.toBeNull();
    t.clock.advance(24 * HOUR_MS);
    const again = await t.login('rg_change', 'Wallet2026');
    state = (await t.post('rg/confirmLimit', { kind: 'stake', period: 'month' }, { token: again })).json().data;
    expect(monthly(state)).toMatchObject({ amount: null, pending_from: null });
  });

  it('refuses amounts that are not rupees, and unknown kinds or periods', async () => {
    const p = await player('rg_bad');
    for (const body of [
      { kind: 'stake', period: 'day', amount: 0 },
      { kind: 'stake', period: 'day', amount: 10.555 },
      { kind: 'stake', period: 'year', amount: 10 },
      { kind: 'bonus', period: 'day', amount: 10 },
      { kind: 'stake', period: 'day', amount: 10, user_id: 1 },
    ]) {
      const res = await t.post('rg/setLimit', body, { token: p.token });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('time-outs and self-exclusion', () => {
  it('end every session at once, on every instance, and leave only a restricted session', async () => {
    const p = await player('rg_pause');
    const peer = await createPeerApp(t, t.clock);
    try {
      const onPeer = (path: string, token: string) =>
        peer.app.inject({ method: 'POST', url: `/api/${path}`, payload: {}, headers: { authorization: `Bearer ${token}` } });
      expect((await onPeer('user/getUserBalance', p.token)).statusCode).toBe(200);
      const paused = await t.post('rg/pause', { kind: 'time_out', duration: '7d' }, { token: p.token });
      expect(paused.statusCode).toBe(200);
      expect(paused.json().data.pause).toMatchObject({
        kind: 'time_out',
        until: new Date(t.clock.now() + 7 * 24 * HOUR_MS).toISOString(),
      });
      await expect.poll(async () => (await onPeer('user/getUserBalance', p.token)).statusCode).toBe(401);
      expect((await t.post('user/getUserBalance', {}, { token: p.token })).statusCode).toBe(401);
    } finally {
      await peer.close();
    }

    const login = await t.post('user/login', { user_name: 'rg_pause', password: 'Wallet2026', type: 'C' });
    expect(login.json().data).toMatchObject({ restricted: true });
    const token = login.json().data.token as string;
    expect((await t.post('user/getUserBalance', {}, { token })).statusCode).toBe(200);
    expect((await t.post('report/accountStatement', {}, { token })).statusCode).toBe(200);
    const bet = await backMatchOdds(token, 100);
    expect(bet.statusCode).toBe(422);
    expect(bet.json()).toMatchObject({ code: 'PLAY_PAUSED' });
    expect((await t.launch(token, 'dice')).json()).toMatchObject({ code: 'PLAY_PAUSED' });

    // Nobody shortens it: a shorter time-out keeps the longer end.
    const shorter = (await t.post('rg/pause', { kind: 'time_out', duration: '24h' }, { token })).json().data;
    expect(shorter.pause.until).toBe(new Date(t.clock.now() + 7 * 24 * HOUR_MS).toISOString());
  });

  it('keeps a self-exclusion until the player asks to return after it, and 24 hours more', async () => {
    const p = await player('rg_exclude');
    await t.post('rg/pause', { kind: 'self_exclusion', duration: '6m' }, { token: p.token });
    let token = await t.login('rg_exclude', 'Wallet2026');
    expect((await t.post('rg/pause', { kind: 'time_out', duration: '30d' }, { token })).json()).toMatchObject({
      code: 'REFUSED',
    });
    expect((await t.post('rg/requestReturn', {}, { token })).json()).toMatchObject({ code: 'REFUSED' });

    t.clock.advance(184 * 24 * HOUR_MS);
    token = await t.login('rg_exclude', 'Wallet2026');
    let state = (await t.post('rg/getLimits', {}, { token })).json().data;
    expect(state).toMatchObject({
      pause: { kind: 'self_exclusion', until: null },
      can_request_return: true,
      return_requested: false,
    });
    expect((await t.launch(token, 'dice')).json()).toMatchObject({ code: 'PLAY_PAUSED' });
    state = (await t.post('rg/requestReturn', {}, { token })).json().data;
    expect(state).toMatchObject({
      pause: { kind: 'self_exclusion', until: new Date(t.clock.now() + 24 * HOUR_MS).toISOString() },
      can_request_return: false,
      // The site says "you can play again from" rather than "your self-exclusion runs until".
      return_requested: true,
    });
    t.clock.advance(24 * HOUR_MS + 1);
    token = await t.login('rg_exclude', 'Wallet2026');
    expect((await t.post('rg/getLimits', {}, { token })).json().data).toMatchObject({ pause: null, return_requested: false });

    const shown = await runAdminProcess(t.databaseEnv, 'rg', 'show', '--name', 'rg_exclude');
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/player self_exclusion: 6m until/);
    expect(shown.stdout).toMatch(/player return_requested: play again from/);
  });
});

describe('session controls', () => {
  it('runs the reality check on the server clock, and ends the session at its time limit with a reason', async () => {
    const p = await player('rg_session');
    const saved = await t.post(
      'rg/setSessionControls',
      { reality_check_minutes: 15, session_limit_minutes: 60 },
      { token: p.token },
    );
    expect(saved.json().data).toMatchObject({ reality_check_minutes: 15, session_limit_minutes: 60 });
    let clock = (await t.post('rg/session', {}, { token: p.token })).json().data;
    const startedAt = Date.parse(clock.started_at);
    expect(clock).toMatchObject({
      reality_check_minutes: 15,
      next_reality_check_at: new Date(startedAt + 15 * 60_000).toISOString(),
      ends_at: new Date(startedAt + 60 * 60_000).toISOString(),
      net_result: 0,
    });
    t.clock.advance(20 * 60_000);
    clock = (await t.post('rg/continueSession', {}, { token: p.token })).json().data;
    expect(clock.next_reality_check_at).toBe(new Date(t.clock.now() + 15 * 60_000).toISOString());

    t.clock.advance(20 * 60_000);
    expect((await t.post('user/getUserBalance', {}, { token: p.token })).statusCode).toBe(200);
    t.clock.advance(21 * 60_000);
    const ended = await t.post('user/getUserBalance', {}, { token: p.token });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'SESSION_LIMIT_REACHED' });
    const next = await t.login('rg_session', 'Wallet2026');
    const fresh = (await t.post('rg/session', {}, { token: next })).json().data;
    expect(Date.parse(fresh.ends_at)).toBe(t.clock.now() + 60 * 60_000);
  });

  it('refuses reality checks other than 0, 15, 30 or 60 minutes and limits over a day', async () => {
    const p = await player('rg_session_bad');
    for (const body of [
      { reality_check_minutes: 20, session_limit_minutes: 0 },
      { reality_check_minutes: 15, session_limit_minutes: 1_441 },
      { reality_check_minutes: 15, session_limit_minutes: -1 },
    ]) {
      expect((await t.post('rg/setSessionControls', body, { token: p.token })).statusCode).toBe(400);
    }
  });
});
