import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOpenMatchOdds, placeBet } from './bets-support';
import { type CasinoTestApp, createCasinoTestApp, TEST_GAME } from './casino-support';
import { testDatabaseKind } from './test-app';

/**
 * The reality check's figures (docs/responsible-play.md "Session controls"): `rg/session` answers
 * what the player staked and won since this login beside the net result, across casino rounds and
 * sports bets; play before the login does not count.
 */
let t: CasinoTestApp;
beforeAll(async () => {
  t = await createCasinoTestApp({ env: { SIM_SEED: 'reality', SIM_SPEED: '1' } });
});
afterAll(async () => {
  await t.close();
});

const casinoRound = async (gameToken: string, stake: number, win: number) => {
  const round = randomUUID();
  const bet = randomUUID();
  const placed = await t.wallet('bet', {
    token: gameToken,
    game_code: TEST_GAME,
    amount: stake,
    currency: 'INR',
    transaction_uuid: bet,
    round,
  });
  expect(placed.answer.status).toBe('RS_OK');
  const paid = await t.wallet('win', {
    token: gameToken,
    game_code: TEST_GAME,
    amount: win,
    currency: 'INR',
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: bet,
    round,
  });
  expect(paid.answer.status).toBe('RS_OK');
};

describe(`the reality check's figures (${testDatabaseKind()})`, () => {
  it('counts stakes and wins since this login, casino and sports, with the net result', async () => {
    const player = await t.newGamePlayer('reality_figures', 100_000);
    // Before this login: not counted.
    await casinoRound(player.gameToken, 5_000, 0);
    t.clock.advance(60_000);
    const token = await t.login('reality_figures', 'Wallet2026');
    const game = (await t.launch(token)).json().data.url as string;
    const gameToken = new URL(game).searchParams.get('token') ?? '';
    t.clock.advance(1_000);
    await casinoRound(gameToken, 10_000, 25_000);
    await casinoRound(gameToken, 3_000, 0);
    const open = await findOpenMatchOdds(t);
    const runner = open.market.runners[0]!;
    const bet = await placeBet(t, 'bet/placeMarketBet', token, {
      match_id: open.matchId,
      market_id: open.market.market_id,
      selection_id: runner.selection_id,
      odds: runner.back[0]!.odds,
      stack: 200,
      is_back: 1,
    });
    expect(bet.statusCode, bet.body).toBe(200);

    const session = (await t.post('rg/session', {}, { token })).json().data;
    // ₹100 + ₹30 on the casino, ₹200 on the match (open: nothing won or lost on it yet).
    expect(session).toMatchObject({ staked: 330, won: 250, net_result: 120 });
  });
});
