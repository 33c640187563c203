import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CASINO_GAME_SESSION_MS_FOR_TESTS,
  type CasinoTestApp,
  TEST_GAME,
  createCasinoTestApp,
  newKeyPair,
  sign,
} from './casino-support';

let t: CasinoTestApp;
beforeAll(async () => {
  t = await createCasinoTestApp();
});
afterAll(async () => {
  await t.close();
});

let sequence = 0;
function ids() {
  sequence += 1;
  return { transaction_uuid: `tx-${sequence}`, round: `round-${sequence}` };
}
const bet = (token: string, amount: number, extra: Record<string, unknown> = {}) => ({
  token,
  game_code: TEST_GAME,
  amount,
  currency: 'INR',
  ...ids(),
  ...extra,
});

describe('seamless wallet API', () => {
  it('answers the balance in paise for a fresh game session', async () => {
    const p = await t.newGamePlayer('walbal', 50_000);
    const { statusCode, answer } = await t.wallet('balance', { token: p.gameToken, game_code: TEST_GAME });
    expect(statusCode).toBe(200);
    expect(answer).toMatchObject({ status: 'RS_OK', balance: 50_000, currency: 'INR', user: String(p.userId) });
  });

  it('applies a bet once: a retry replays the first answer, another body with the same id is a duplicate', async () => {
    const p = await t.newGamePlayer('walreplay', 10_000);
    const body = bet(p.gameToken, 2_500);
    const first = await t.wallet('bet', body);
    expect(first.answer).toMatchObject({ status: 'RS_OK', balance: 7_500 });
    const again = await t.wallet('bet', { ...body, request_uuid: 'retry-1' });
    expect(again.answer).toMatchObject({ status: 'RS_OK', balance: 7_500, request_uuid: 'retry-1' });
    const other = await t.wallet('bet', { ...body, amount: 3_000 });
    expect(other.answer.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await t.cashOf(p.userId)).toBe(7_500);
    const win = {
      token: p.gameToken,
      game_code: TEST_GAME,
      amount: 4_000,
      currency: 'INR',
      round: body.round,
      transaction_uuid: `${body.transaction_uuid}-w`,
      reference_transaction_uuid: body.transaction_uuid,
    };
    expect((await t.wallet('win', win)).answer).toMatchObject({ status: 'RS_OK', balance: 11_500 });
    expect((await t.wallet('win', win)).answer).toMatchObject({ status: 'RS_OK', balance: 11_500 });
    expect(await t.cashOf(p.userId)).toBe(11_500);
  });

  it('binds each signature to its operation: a signed win delivered as a rollback is refused, and the win still pays', async () => {
    const p = await t.newGamePlayer('walcrossop', 10_000);
    const body = bet(p.gameToken, 2_500);
    expect((await t.wallet('bet', body)).answer).toMatchObject({ status: 'RS_OK', balance: 7_500 });
    // The provider signs a win for the bet; someone holding those bytes sends them to /rollback.
    const win = {
      operation: 'win',
      request_uuid: 'cross-1',
      token: p.gameToken,
      game_code: TEST_GAME,
      amount: 4_000,
      currency: 'INR',
      round: body.round,
      transaction_uuid: `${body.transaction_uuid}-w`,
      reference_transaction_uuid: body.transaction_uuid,
    };
    const raw = JSON.stringify(win);
    const signature = sign(t.keys.privateKey, raw);
    const misdelivered = await t.deliver('rollback', raw, signature);
    expect(misdelivered.answer.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect(misdelivered.answer.message).toBe('This body is signed for win, not for rollback');
    expect(await t.cashOf(p.userId)).toBe(7_500);
    // The bet was not rolled back and the win's id was not spent: the real win pays.
    expect((await t.deliver('win', raw, signature)).answer).toMatchObject({ status: 'RS_OK', balance: 11_500 });
    expect(await t.cashOf(p.userId)).toBe(11_500);
  });

  it('refuses a rollback signed with an amount delivered as a win, and a body that names no operation', async () => {
    const p = await t.newGamePlayer('walcrossop2', 10_000);
    const body = bet(p.gameToken, 2_500);
    await t.wallet('bet', body);
    const rollback = {
      operation: 'rollback',
      request_uuid: 'cross-2',
      token: p.gameToken,
      game_code: TEST_GAME,
      amount: 2_500,
      currency: 'INR',
      round: body.round,
      transaction_uuid: `${body.transaction_uuid}-rb`,
      reference_transaction_uuid: body.transaction_uuid,
    };
    const raw = JSON.stringify(rollback);
    expect((await t.deliver('win', raw, sign(t.keys.privateKey, raw))).answer.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect(await t.cashOf(p.userId)).toBe(7_500);
    // Signed over the body alone, as before the operation was part of it: refused, nothing moves.
    const { operation: _named, ...unnamed } = rollback;
    const legacy = JSON.stringify(unnamed);
    const refused = await t.deliver('rollback', legacy, sign(t.keys.privateKey, legacy));
    expect(refused.statusCode).toBe(400);
    expect(refused.answer).toMatchObject({ status: 'RS_ERROR_UNKNOWN' });
    expect(refused.answer.message).toContain('operation');
    expect(await t.cashOf(p.userId)).toBe(7_500);
    expect((await t.deliver('rollback', raw, sign(t.keys.privateKey, raw))).answer).toMatchObject({
      status: 'RS_OK',
      balance: 10_000,
    });
  });

  it('moves each amount as one ledger transaction against the provider account', async () => {
    const p = await t.newGamePlayer('walledger', 10_000);
    const body = bet(p.gameToken, 1_000);
    await t.wallet('bet', body);
    const rows = await t.database.db
      .selectFrom('ledger_transactions as x')
      .innerJoin('ledger_entries as e', 'e.transaction_id', 'x.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['x.id', 'a.account_key', 'e.amount'])
      .where('x.kind', '=', 'casino_bet')
      .where('x.user_id', '=', p.userId)
      .execute();
    expect(new Set(rows.map((row) => row.id)).size).toBe(1);
    expect(rows.map((row) => [row.account_key, Number(row.amount)]).sort()).toEqual(
      [
        [`game_provider:testprov:real`, 1_000],
        [`u:${p.userId}:cash`, -1_000],
      ].sort(),
    );
  });

  it('refuses a bet beyond the balance and 200 parallel bets never overdraw', async () => {
    const p = await t.newGamePlayer('walrace', 100 * 300);
    expect((await t.wallet('bet', bet(p.gameToken, 30_001))).answer).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 30_000,
    });
    const answers = await Promise.all(Array.from({ length: 200 }, () => t.wallet('bet', bet(p.gameToken, 300))));
    const statuses = answers.map((a) => a.answer.status);
    expect(statuses.filter((s) => s === 'RS_OK')).toHaveLength(100);
    expect(statuses.filter((s) => s === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(100);
    expect(await t.cashOf(p.userId)).toBe(0);
  });

  it('remembers a rollback that came before its bet and refuses the late bet', async () => {
    const p = await t.newGamePlayer('walearly', 5_000);
    const body = bet(p.gameToken, 1_000);
    const rollback = {
      token: p.gameToken,
      game_code: TEST_GAME,
      round: body.round,
      transaction_uuid: `${body.transaction_uuid}-rb`,
      reference_transaction_uuid: body.transaction_uuid,
    };
    expect((await t.wallet('rollback', rollback)).answer).toMatchObject({ status: 'RS_OK', balance: 5_000 });
    expect((await t.wallet('bet', body)).answer.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await t.cashOf(p.userId)).toBe(5_000);
  });

  it('rolls a bet back once, and refuses to roll back a bet that has a win', async () => {
    const p = await t.newGamePlayer('walrollback', 5_000);
    const first = bet(p.gameToken, 1_000);
    await t.wallet('bet', first);
    const rollback = {
      token: p.gameToken,
      game_code: TEST_GAME,
      round: first.round,
      transaction_uuid: `${first.transaction_uuid}-rb`,
      reference_transaction_uuid: first.transaction_uuid,
    };
    expect((await t.wallet('rollback', rollback)).answer).toMatchObject({ status: 'RS_OK', balance: 5_000 });
    expect((await t.wallet('rollback', rollback)).answer).toMatchObject({ status: 'RS_OK', balance: 5_000 });
    expect(await t.cashOf(p.userId)).toBe(5_000);

    const second = bet(p.gameToken, 1_000);
    await t.wallet('bet', second);
    const win = {
      token: p.gameToken,
      game_code: TEST_GAME,
      amount: 500,
      currency: 'INR',
      round: second.round,
      transaction_uuid: `${second.transaction_uuid}-w`,
      reference_transaction_uuid: second.transaction_uuid,
    };
    await t.wallet('win', win);
    const late = await t.wallet('rollback', {
      ...rollback,
      transaction_uuid: `${second.transaction_uuid}-rb`,
      reference_transaction_uuid: second.transaction_uuid,
      round: second.round,
    });
    expect(late.answer.status).toBe('RS_ERROR_UNKNOWN');
    expect(await t.cashOf(p.userId)).toBe(4_500);
  });

  it('refuses a win for a bet that does not exist', async () => {
    const p = await t.newGamePlayer('walnobet', 0);
    const { answer } = await t.wallet('win', {
      token: p.gameToken,
      game_code: TEST_GAME,
      amount: 500,
      currency: 'INR',
      round: 'r-x',
      transaction_uuid: 'w-x',
      reference_transaction_uuid: 'missing',
    });
    expect(answer.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await t.cashOf(p.userId)).toBe(0);
  });

  it('refuses a bad signature, a signature by another key and an unknown token, moving nothing', async () => {
    const p = await t.newGamePlayer('walsig', 5_000);
    expect(
      (await t.wallet('bet', bet(p.gameToken, 1_000), { signature: 'bm90IGEgc2lnbmF0dXJlIGF0IGFsbA==' })).answer.status,
    ).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await t.wallet('bet', bet(p.gameToken, 1_000), { signWith: newKeyPair().privateKey })).answer.status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    const raw = JSON.stringify(bet(p.gameToken, 1_000));
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/provider/wallet/transaction/bet',
      payload: raw.replace('"amount":1000', '"amount":10'),
      headers: { 'content-type': 'application/json', 'x-signature': sign(t.keys.privateKey, raw) },
    });
    expect(tampered.json().status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await t.wallet('bet', bet('x'.repeat(43), 1_000))).answer.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect(await t.cashOf(p.userId)).toBe(5_000);
  });

  it('refuses the wrong currency and a malformed body', async () => {
    const p = await t.newGamePlayer('walcur', 5_000);
    expect((await t.wallet('bet', bet(p.gameToken, 1_000, { currency: 'EUR' }))).answer.status).toBe('RS_ERROR_WRONG_CURRENCY');
    const bad = await t.wallet('bet', bet(p.gameToken, -5));
    expect(bad.statusCode).toBe(400);
    expect(bad.answer.status).toBe('RS_ERROR_UNKNOWN');
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/provider/wallet/transaction/bet',
      payload: '{oops',
      headers: { 'content-type': 'application/json', 'x-signature': 'x' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(await t.cashOf(p.userId)).toBe(5_000);
  });

  it('refuses a bet on an expired session but still pays its win and takes its rollback', async () => {
    const p = await t.newGamePlayer('walexpired', 5_000);
    const first = bet(p.gameToken, 1_000);
    const second = bet(p.gameToken, 1_000);
    await t.wallet('bet', first);
    await t.wallet('bet', second);
    t.clock.advance(CASINO_GAME_SESSION_MS_FOR_TESTS + 1);
    expect((await t.wallet('bet', bet(p.gameToken, 1_000))).answer.status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect((await t.wallet('balance', { token: p.gameToken, game_code: TEST_GAME })).answer.status).toBe(
      'RS_ERROR_TOKEN_EXPIRED',
    );
    const win = {
      token: p.gameToken,
      game_code: TEST_GAME,
      amount: 2_500,
      currency: 'INR',
      round: first.round,
      transaction_uuid: `${first.transaction_uuid}-w`,
      reference_transaction_uuid: first.transaction_uuid,
    };
    expect((await t.wallet('win', win)).answer).toMatchObject({ status: 'RS_OK', balance: 5_500 });
    const rollback = {
      token: p.gameToken,
      game_code: TEST_GAME,
      round: second.round,
      transaction_uuid: `${second.transaction_uuid}-rb`,
      reference_transaction_uuid: second.transaction_uuid,
    };
    expect((await t.wallet('rollback', rollback)).answer).toMatchObject({ status: 'RS_OK', balance: 6_500 });
  });

  it('refuses bets of a disabled player but pays their win', async () => {
    const p = await t.newGamePlayer('waldisabled', 5_000);
    const first = bet(p.gameToken, 1_000);
    await t.wallet('bet', first);
    await t.database.db.updateTable('users').set({ is_disabled: 1 }).where('id', '=', p.userId).execute();
    expect((await t.wallet('bet', bet(p.gameToken, 1_000))).answer.status).toBe('RS_ERROR_USER_DISABLED');
    const win = {
      token: p.gameToken,
      game_code: TEST_GAME,
      amount: 100,
      currency: 'INR',
      round: first.round,
      transaction_uuid: `${first.transaction_uuid}-w`,
      reference_transaction_uuid: first.transaction_uuid,
    };
    expect((await t.wallet('win', win)).answer.status).toBe('RS_OK');
    expect(await t.cashOf(p.userId)).toBe(4_100);
  });

  it('stakes the wager bonus after cash only while the wager wallet is active', async () => {
    const p = await t.newGamePlayer('walbonus', 1_000);
    await t.module.bonuses.grantByName('walbonus', '20', 'wager', 'test');
    expect((await t.wallet('bet', bet(p.gameToken, 2_000))).answer.status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    await t.post('user/updateUserWalletStatus', { status: 2 }, { token: p.token });
    const body = bet(p.gameToken, 2_000);
    expect((await t.wallet('bet', body)).answer).toMatchObject({ status: 'RS_OK', balance: 1_000 });
    const rollback = {
      token: p.gameToken,
      game_code: TEST_GAME,
      round: body.round,
      transaction_uuid: `${body.transaction_uuid}-rb`,
      reference_transaction_uuid: body.transaction_uuid,
    };
    await t.wallet('rollback', rollback);
    const balances = await t.module.money.readBalances(t.database.db, p.userId);
    expect([balances.cash, balances.wagerBonus]).toEqual([1_000, 2_000]);
    // A win's answer is cash and the active wager bonus, the win paid to cash.
    const next = bet(p.gameToken, 500);
    expect((await t.wallet('bet', next)).answer).toMatchObject({ status: 'RS_OK', balance: 2_500 });
    const win = {
      ...next,
      amount: 700,
      transaction_uuid: `${next.transaction_uuid}-w`,
      reference_transaction_uuid: next.transaction_uuid,
    };
    expect((await t.wallet('win', win)).answer).toMatchObject({ status: 'RS_OK', balance: 3_200 });
    const after = await t.module.money.readBalances(t.database.db, p.userId);
    expect([after.cash, after.wagerBonus]).toEqual([1_200, 2_000]);
  });
});
