import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setHold, createWalletApiApp, type WalletApiApp } from './wallet-support';
import { moneyTransaction } from '../src/db/unit-of-work';

let t: WalletApiApp;
beforeAll(async () => {
  t = await createWalletApiApp({ env: { SESSION_IDLE_MINUTES: '30' } });
});
afterAll(async () => t.close());

const balance = async (token: string) => {
  const res = await t.post('user/getUserBalance', {}, { token });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('user/getUserBalance', () => {
  it('answers zeros for a new player and every field of the spec, in rupees', async () => {
    const { token } = await t.newPlayer('bal_new');
    const res = await t.post('user/getUserBalance', {}, { token });
    expect(res.json()).toEqual({
      status: true,
      message: '',
      data: { free_chip: 0, exposure: 0, bonus_amount: 0, split_bonus: 0, wagger_bonus: 0, active_wallet: 0 },
    });
  });

  it('shows cash as free_chip, holds as exposure and both bonus wallets, converting paise to rupees', async () => {
    const { userId, token } = await t.newPlayer('bal_mix');
    await t.credit(userId, 1_234_567);
    await moneyTransaction(t.database.db, { userIds: [userId], now: t.clock.now() }, async (trx) => {
      await setHold(t.module.money, trx, { userId, marketKey: 'market:1', exposure: 20_050, cause: 'bet:1' });
      await t.module.bonuses.grant(trx, { userId, amount: 50_000, wallet: 'split', reason: 'welcome' });
      await t.module.bonuses.grant(trx, { userId, amount: 12_345, wallet: 'wager', reason: 'reload' });
    });
    expect(await balance(token)).toEqual({
      free_chip: 12_145.17,
      exposure: 200.5,
      bonus_amount: 623.45,
      split_bonus: 500,
      wagger_bonus: 123.45,
      active_wallet: 0,
    });
  });

  it('is always the token’s user: a body naming anyone is refused, no token is 401', async () => {
    const { token } = await t.newPlayer('bal_self');
    expect((await t.post('user/getUserBalance', { user_id: 1 }, { token })).statusCode).toBe(400);
    const anonymous = await t.post('user/getUserBalance', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: false, code: 'SESSION_EXPIRED' });
  });

  it('does not keep an idle session alive: polling alone lets it expire', async () => {
    const { token } = await t.newPlayer('bal_idle');
    for (let minute = 0; minute < 29; minute += 5) {
      t.clock.advance(5 * 60_000);
      expect((await t.post('user/getUserBalance', {}, { token })).statusCode).toBe(200);
    }
    t.clock.advance(2 * 60_000);
    const res = await t.post('user/getUserBalance', {}, { token });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
  });
});

describe('user/updateUserWalletStatus', () => {
  it('activates split or wager only when that wallet holds a bonus, and none at any time', async () => {
    const { userId, token } = await t.newPlayer('bal_wallet');
    const noSplit = await t.post('user/updateUserWalletStatus', { status: 1 }, { token });
    expect(noSplit.statusCode).toBe(422);
    expect(noSplit.json()).toMatchObject({
      status: false,
      code: 'REFUSED',
      message: 'There is no bonus in the split wallet to activate',
    });
    await moneyTransaction(t.database.db, { userIds: [userId], now: t.clock.now() }, (trx) =>
      t.module.bonuses.grant(trx, { userId, amount: 10_000, wallet: 'split', reason: 'welcome' }),
    );

    const split = await t.post('user/updateUserWalletStatus', { status: 1 }, { token });
    expect(split.json()).toEqual({ status: true, message: 'Split bonus wallet activated', data: { active_wallet: 1 } });
    expect((await balance(token)).active_wallet).toBe(1);
    expect((await t.post('user/updateUserWalletStatus', { status: 2 }, { token })).statusCode).toBe(422);
    expect((await balance(token)).active_wallet).toBe(1);
    // The site may send the status as text.
    const none = await t.post('user/updateUserWalletStatus', { status: '0' }, { token });
    expect(none.json().data).toEqual({ active_wallet: 0 });
    expect((await balance(token)).active_wallet).toBe(0);
  });

  it('honours an Idempotency-Key: a retry replays the first answer', async () => {
    const { userId, token } = await t.newPlayer('bal_idem');
    await moneyTransaction(t.database.db, { userIds: [userId], now: t.clock.now() }, (trx) =>
      t.module.bonuses.grant(trx, { userId, amount: 500, wallet: 'wager', reason: 'welcome' }),
    );
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/updateUserWalletStatus',
        payload: { status: 2 },
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'switch-1' },
      });
    const first = await send();
    const retry = await send();
    expect(first.json().data).toEqual({ active_wallet: 2 });
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses statuses outside 0, 1, 2 and unknown fields with 400, changing nothing', async () => {
    const { token } = await t.newPlayer('bal_bad');
    for (const body of [{ status: 3 }, { status: -1 }, { status: 1.5 }, { status: 'split' }, {}, { status: 0, user_id: 9 }]) {
      const res = await t.post('user/updateUserWalletStatus', body, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });
    }
    expect((await balance(token)).active_wallet).toBe(0);
  });
});

describe('demo accounts', () => {
  it('start with ₹1,500 of play money from the play-money house', async () => {
    const res = await t.post('user/demoLogin', { user_name: 'demo' });
    expect(res.statusCode).toBe(200);
    const { token, user_id: userId } = res.json().data;
    expect(await balance(token)).toMatchObject({ free_chip: 1_500, exposure: 0, bonus_amount: 0 });
    const books = await t.database.db
      .selectFrom('ledger_transactions')
      .select(['book', 'kind'])
      .where('user_id', '=', userId)
      .execute();
    expect(books).toEqual([{ book: 'play', kind: 'demo_funding' }]);
  });
});
