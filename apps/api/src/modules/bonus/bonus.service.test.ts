import { BONUS_LIFETIME_DAYS } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setHold, openWalletTestDb, type WalletTestDb } from '../../../test/wallet-support';
import { auditLedger } from '../ledger/ledger-audit';
import { EXPIRY_BATCH } from './bonus.service';
import { ref } from '../../../test/support/refs';

let t: WalletTestDb;
beforeAll(async () => {
  t = await openWalletTestDb();
});
afterAll(async () => {
  expect((await auditLedger(t.db)).faults).toEqual([]);
  await t.close();
});

const DAY_MS = 86_400_000;

async function player(name: string, options: { cash?: number; split?: number; wager?: number; active?: 0 | 1 | 2 } = {}) {
  const userId = await t.addPlayer(name);
  await t.inTransaction(async (trx) => {
    if (options.cash) {
      await t.module.ledger.transfer(trx, {
        kind: 'operator_credit',
        reference: ref('set-up'),
        userId,
        from: { system: 'house' },
        to: { userId, kind: 'cash' },
        amount: options.cash,
      });
    }
    if (options.split) await t.module.bonuses.grant(trx, { userId, amount: options.split, wallet: 'split', reason: 'welcome' });
    if (options.wager) await t.module.bonuses.grant(trx, { userId, amount: options.wager, wallet: 'wager', reason: 'reload' });
  }, userId);
  if (options.active) await t.module.wallet.setActiveWallet(userId, options.active);
  return userId;
}

const turnover = (userId: number, amount: number) =>
  t.inTransaction((trx) => t.module.bonuses.recordSettledTurnover(trx, { userId, amount, reference: ref('bet:1') }), userId);
const balances = (userId: number) => t.module.money.readBalances(t.db, userId);
const bonusRows = (userId: number) =>
  t.db.selectFrom('bonuses').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const events = (userId: number) =>
  t.db
    .selectFrom('bonus_events')
    .select(['kind', 'amount', 'transaction_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

describe('bonus grant', () => {
  it('moves the bonus from the house into the wallet and writes it in bonus history', async () => {
    const userId = await player('bonus_grant', { wager: 25_000 });
    expect(await balances(userId)).toMatchObject({ wagerBonus: 25_000, cash: 0 });
    const [bonus] = await bonusRows(userId);
    expect(bonus).toMatchObject({ wallet: 'wager', status: 'active', reason: 'reload' });
    expect(Number(bonus?.wagering_requirement)).toBe(250_000);
    expect(Number(bonus?.expires_at) - Number(bonus?.created_at)).toBe(BONUS_LIFETIME_DAYS * DAY_MS);
    const [event] = await events(userId);
    expect(event).toMatchObject({ kind: 'grant' });
    const tx = await t.db
      .selectFrom('ledger_transactions')
      .selectAll()
      .where('id', '=', Number(event?.transaction_id))
      .executeTakeFirstOrThrow();
    expect(tx).toMatchObject({ kind: 'bonus_grant', reference: `bonus:${bonus?.id}` });
  });
});

describe('split wallet', () => {
  it('releases 10% of the remainder to cash each time turnover reaches the bonus amount', async () => {
    const userId = await player('split_steps', { split: 100_000, active: 1 });
    expect(await turnover(userId, 60_000)).toEqual([]);
    const [release] = await turnover(userId, 40_000);
    expect(release).toMatchObject({ amount: 10_000, isCompleted: false });
    expect(await balances(userId)).toMatchObject({ cash: 10_000, splitBonus: 90_000 });
    await turnover(userId, 250_000);
    // Two more steps (9,000 then 8,100); 50,000 counts towards the next.
    expect(await balances(userId)).toMatchObject({ cash: 27_100, splitBonus: 72_900 });
    expect((await events(userId)).map((event) => [event.kind, Number(event.amount)])).toEqual([
      ['grant', 100_000],
      ['release', 10_000],
      ['release', 17_100],
    ]);
  });

  it('counts turnover only while the split wallet is the active one', async () => {
    const none = await player('split_inactive', { split: 10_000 });
    const wager = await player('split_wager_active', { split: 10_000, wager: 10_000, active: 2 });
    await turnover(none, 50_000);
    await turnover(wager, 50_000);
    expect(await balances(none)).toMatchObject({ cash: 0, splitBonus: 10_000 });
    expect((await balances(wager)).splitBonus).toBe(10_000);
  });
});

describe('wager wallet', () => {
  it('turns what is left into cash once settled turnover reaches 10× the bonus', async () => {
    const userId = await player('wager_done', { cash: 5_000, wager: 10_000, active: 2 });
    expect(await turnover(userId, 99_999)).toEqual([]);
    expect(await balances(userId)).toMatchObject({ cash: 5_000, wagerBonus: 10_000 });
    expect(await turnover(userId, 1)).toEqual([{ bonusId: expect.any(Number), amount: 10_000, isCompleted: true }]);
    expect(await balances(userId)).toMatchObject({ cash: 15_000, wagerBonus: 0 });
    expect((await bonusRows(userId))[0]).toMatchObject({ status: 'completed' });
  });

  it('waits while bonus money is staked on open bets, then releases', async () => {
    const userId = await player('wager_staked', { wager: 10_000, active: 2 });
    const held = await t.inTransaction(
      (trx) => setHold(t.module.money, trx, { userId, marketKey: 'market:7', exposure: 4_000, cause: 'bet:7' }),
      userId,
    );
    expect(held).toMatchObject({ cashHeld: 0, bonusHeld: 4_000, change: 4_000 });
    expect(held.balancesAfter).toEqual(await balances(userId));
    expect(await turnover(userId, 200_000)).toEqual([]);
    await t.inTransaction(
      (trx) => setHold(t.module.money, trx, { userId, marketKey: 'market:7', exposure: 0, cause: 'bet:7' }),
      userId,
    );
    expect(await turnover(userId, 1)).toMatchObject([{ amount: 10_000, isCompleted: true }]);
    expect(await balances(userId)).toMatchObject({ cash: 10_000, wagerBonus: 0, bonusExposure: 0 });
  });

  it('works bonuses off oldest first and carries the surplus turnover to the next', async () => {
    const userId = await player('wager_queue', { wager: 1_000, active: 2 });
    await t.inTransaction(
      (trx) => t.module.bonuses.grant(trx, { userId, amount: 2_000, wallet: 'wager', reason: 'second' }),
      userId,
    );
    const released = await turnover(userId, 15_000);
    expect(released).toMatchObject([{ amount: 1_000, isCompleted: true }]);
    const [, second] = await bonusRows(userId);
    expect(Number(second?.turnover)).toBe(5_000);
    expect(await balances(userId)).toMatchObject({ cash: 1_000, wagerBonus: 2_000 });
  });
});

describe('bonus expiry', () => {
  it('returns what remains to the house after the lifetime, writes history, and takes no more turnover', async () => {
    const userId = await player('bonus_expiry', { split: 10_000, active: 1 });
    await turnover(userId, 10_000);
    t.clock.advance(BONUS_LIFETIME_DAYS * DAY_MS);
    expect(await turnover(userId, 10_000)).toEqual([]);
    expect(await t.module.bonuses.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await balances(userId)).toMatchObject({ cash: 1_000, splitBonus: 0 });
    expect((await bonusRows(userId))[0]).toMatchObject({ status: 'expired' });
    expect(Number((await bonusRows(userId))[0]?.expired_amount)).toBe(9_000);
    expect((await events(userId)).map((event) => event.kind)).toEqual(['grant', 'release', 'expiry']);
    expect(await t.module.bonuses.expireDue()).toBe(0);
  });

  it('never pays out an expired wager bonus that the sweep has not reached yet with another bonus', async () => {
    const userId = await player('wager_overlap', { wager: 1_000, active: 2 });
    t.clock.advance(29 * DAY_MS);
    await t.inTransaction(
      (trx) => t.module.bonuses.grant(trx, { userId, amount: 100, wallet: 'wager', reason: 'reload' }),
      userId,
    );
    t.clock.advance(2 * DAY_MS);
    // The first bonus is past its time; the second completes with this turnover.
    const releases = await turnover(userId, 1_000);
    expect(releases).toEqual([expect.objectContaining({ amount: 100, isCompleted: true })]);
    expect(await balances(userId)).toMatchObject({ cash: 100, wagerBonus: 1_000 });
    await t.module.bonuses.expireDue();
    expect((await bonusRows(userId))[0]).toMatchObject({ status: 'expired' });
    expect(Number((await bonusRows(userId))[0]?.expired_amount)).toBe(1_000);
    expect(await balances(userId)).toMatchObject({ cash: 100, wagerBonus: 0 });
  });

  it('expires due bonuses behind a full page of bonuses kept back by open bets', async () => {
    const staked = await player('wager_many', { active: 0 });
    await t.inTransaction(async (trx) => {
      for (let i = 0; i < EXPIRY_BATCH; i++) {
        await t.module.bonuses.grant(trx, { userId: staked, amount: 10, wallet: 'wager', reason: 'reload' });
      }
    }, staked);
    await t.module.wallet.setActiveWallet(staked, 2);
    await t.inTransaction(
      (trx) => setHold(t.module.money, trx, { userId: staked, marketKey: 'market:many', exposure: 500, cause: 'bet:many' }),
      staked,
    );
    const behind = await player('split_behind', { split: 1_000, active: 1 });
    t.clock.advance(BONUS_LIFETIME_DAYS * DAY_MS + 1);
    await t.module.bonuses.expireDue();
    expect((await bonusRows(behind))[0]).toMatchObject({ status: 'expired' });
    expect((await bonusRows(staked)).every((bonus) => bonus.status === 'active')).toBe(true);
  });

  it('keeps a staked wager bonus until its bets settle, then expires it', async () => {
    const userId = await player('wager_expiry', { wager: 3_000, active: 2 });
    await t.inTransaction(
      (trx) => setHold(t.module.money, trx, { userId, marketKey: 'market:9', exposure: 1_000, cause: 'bet:9' }),
      userId,
    );
    t.clock.advance(BONUS_LIFETIME_DAYS * DAY_MS + 1);
    await t.module.bonuses.expireDue();
    expect((await bonusRows(userId))[0]).toMatchObject({ status: 'active' });
    await t.inTransaction(
      (trx) => setHold(t.module.money, trx, { userId, marketKey: 'market:9', exposure: 0, cause: 'bet:9' }),
      userId,
    );
    await t.module.bonuses.expireDue();
    expect((await bonusRows(userId))[0]).toMatchObject({ status: 'expired' });
    expect(await balances(userId)).toMatchObject({ wagerBonus: 0, cash: 0 });
  });
});
