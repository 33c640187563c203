import { randomUUID } from 'node:crypto';
import { CRASH_PAUSE_MS, crashDurationMs } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersAdmin } from '../src/modules/users';
import { type CasinoTestApp, createCasinoTestApp, sign, TEST_GAME, tokenOf } from './casino-support';
import { testDatabaseKind } from './test-app';
import { PLAYER_PASSWORD } from './wallet-support';

/**
 * A casino game's token ends with the site session that launched it (docs/casino.md, "Launching"):
 * logout, a password change, a forced logout, a time-out or a self-exclusion, and a login
 * elsewhere. The wallet then answers balance and bet calls RS_ERROR_TOKEN_EXPIRED, as Hub88's
 * contract does, and still takes the win and the rollback of rounds already staked.
 */
let t: CasinoTestApp;

beforeAll(async () => {
  t = await createCasinoTestApp();
}, 60_000);
afterAll(async () => t.close());

/** A player with ₹100 in a game, one round staked (to be won) and one bet (to be rolled back). */
async function playing(name: string) {
  const player = await t.newGamePlayer(name, 10_000);
  const stake = (round: string) =>
    t.wallet('bet', {
      token: player.gameToken,
      game_code: TEST_GAME,
      transaction_uuid: `${round}:bet`,
      round,
      amount: 1_000,
      currency: 'INR',
    });
  expect((await stake(`${name}-r1`)).answer.status).toBe('RS_OK');
  expect((await stake(`${name}-r2`)).answer.status).toBe('RS_OK');
  return { ...player, stake };
}

async function expectEnded(player: Awaited<ReturnType<typeof playing>>, name: string) {
  const balance = await t.wallet('balance', { token: player.gameToken, game_code: TEST_GAME });
  expect(balance.answer.status).toBe('RS_ERROR_TOKEN_EXPIRED');
  expect(balance.answer.message).toMatch(/session has ended/);
  const bet = await player.stake(`${name}-r3`);
  expect(bet.answer.status).toBe('RS_ERROR_TOKEN_EXPIRED');
  // What was staked before still settles: the win of one round, the rollback of the other.
  const win = await t.wallet('win', {
    token: player.gameToken,
    game_code: TEST_GAME,
    transaction_uuid: `${name}-r1:win`,
    reference_transaction_uuid: `${name}-r1:bet`,
    round: `${name}-r1`,
    amount: 2_500,
    currency: 'INR',
  });
  expect(win.answer.status).toBe('RS_OK');
  const rollback = await t.wallet('rollback', {
    token: player.gameToken,
    game_code: TEST_GAME,
    transaction_uuid: `${name}-r2:rollback`,
    reference_transaction_uuid: `${name}-r2:bet`,
    round: `${name}-r2`,
  });
  expect(rollback.answer.status).toBe('RS_OK');
  // 100 − 10 − 10 + 25 + 10: the third bet moved nothing.
  expect(await t.cashOf(player.userId)).toBe(10_000 - 1_000 + 2_500);
}

describe(`game tokens end with the session (${testDatabaseKind()})`, () => {
  it('a live session keeps its game token working', async () => {
    const player = await playing('gt_live');
    const balance = await t.wallet('balance', { token: player.gameToken, game_code: TEST_GAME });
    expect(balance.answer).toMatchObject({ status: 'RS_OK', balance: 8_000 });
  });

  it('logout', async () => {
    const player = await playing('gt_logout');
    expect((await t.post('user/logout', {}, { token: player.token })).statusCode).toBe(200);
    await expectEnded(player, 'gt_logout');
  });

  it('a password change', async () => {
    const player = await playing('gt_password');
    const res = await t.post(
      'user/updatePassword',
      { old_password: PLAYER_PASSWORD, new_password: 'Changed2026ok', confirm_password: 'Changed2026ok' },
      { token: player.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(player, 'gt_password');
  });

  it('a forced logout: the operator disables the player, or forces a password change', async () => {
    const disabled = await playing('gt_disabled');
    await createUsersAdmin(t.database.db, t.clock).setDisabled('gt_disabled', true);
    await expectEnded(disabled, 'gt_disabled');
    const forced = await playing('gt_forced');
    await createUsersAdmin(t.database.db, t.clock).forcePasswordChange('gt_forced');
    await expectEnded(forced, 'gt_forced');
  });

  it('a time-out and a self-exclusion', async () => {
    const timeOut = await playing('gt_timeout');
    expect((await t.post('rg/pause', { kind: 'time_out', duration: '24h' }, { token: timeOut.token })).statusCode).toBe(200);
    await expectEnded(timeOut, 'gt_timeout');
    const excluded = await playing('gt_excluded');
    const res = await t.post('rg/pause', { kind: 'self_exclusion', duration: '6m' }, { token: excluded.token });
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(excluded, 'gt_excluded');
  });

  it('a login elsewhere ends the old session and its game; the new session launches a new one', async () => {
    const player = await playing('gt_elsewhere');
    const login = await t.post('user/login', { user_name: 'gt_elsewhere', password: PLAYER_PASSWORD, type: 'C' });
    expect(login.statusCode, login.body).toBe(200);
    await expectEnded(player, 'gt_elsewhere');
    const again = await t.launch(login.json().data.token as string);
    expect(again.statusCode).toBe(200);
    const token = new URL(again.json().data.url as string).searchParams.get('token') ?? '';
    const balance = await t.wallet('balance', { token, game_code: TEST_GAME, request_uuid: randomUUID() });
    expect(balance.answer.status).toBe('RS_OK');
  });
});

describe(`a second cash-out of a Crash bet (${testDatabaseKind()})`, () => {
  it('answers its own refusal, 409 "already cashed out", never 503; the bet is paid once', async () => {
    const player = await t.newPlayer('gt_crash');
    await t.credit(player.userId, 10_000);
    const gameToken = tokenOf((await t.launch(player.token, 'crash')).json().data.url as string);
    const state = async () => (await t.post('fair/crashState', { token: gameToken })).json().data;
    const roundRow = (roundNumber: number) =>
      t.database.db.selectFrom('fair_crash_rounds').selectAll().where('round_number', '=', roundNumber).executeTakeFirstOrThrow();
    // A round open for bets that goes past 1.50× (the seed decides which).
    let round = (await state()).round;
    for (;;) {
      const row = await roundRow(round.round_number);
      if (round.phase === 'betting' && Number(row.crash_point) >= 150) break;
      t.clock.advance(Number(row.crashed_at) - t.clock.now() + CRASH_PAUSE_MS);
      round = (await state()).round;
    }
    expect((await t.post('fair/crashBet', { token: gameToken, stake: 20 })).statusCode).toBe(200);
    t.clock.advance(round.betting_ends_at - t.clock.now() + crashDurationMs(120));
    // A first cash-out racing this one has paid the bet's win (at its own multiplier) and not yet
    // marked the bet: its win call, as our provider sends it.
    const bet = await t.database.db
      .selectFrom('fair_crash_bets')
      .select('player')
      .where('round_number', '=', round.round_number)
      .executeTakeFirstOrThrow();
    const { private_key: providerKey } = await t.database.db
      .selectFrom('fair_provider_keys')
      .select('private_key')
      .executeTakeFirstOrThrow();
    const roundName = `crash-${round.round_number}`;
    const rawBody = JSON.stringify({
      operation: 'win',
      request_uuid: randomUUID(),
      token: gameToken,
      game_code: 'crash',
      transaction_uuid: `${roundName}:${bet.player}:win`,
      reference_transaction_uuid: `${roundName}:${bet.player}:bet`,
      round: roundName,
      amount: 2_300,
      currency: 'INR',
    });
    expect((await t.deliver('win', rawBody, sign(providerKey, rawBody))).answer.status).toBe('RS_OK');
    const second = await t.post('fair/crashCashout', { token: gameToken });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({ code: 'CONFLICT', message: 'This bet is already cashed out' });
    const wins = await t.database.db
      .selectFrom('casino_transactions')
      .select('amount')
      .where('kind', '=', 'win')
      .where('user_id', '=', player.userId)
      .execute();
    expect(wins).toHaveLength(1);
    expect(await t.cashOf(player.userId)).toBe(10_000 - 2_000 + 2_300);
  });
});
