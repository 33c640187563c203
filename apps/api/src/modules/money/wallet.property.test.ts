import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWalletTestDb, setHold, type WalletTestDb } from '../../../test/wallet-support';
import { auditLedger } from '../ledger/ledger-audit';
import { sumAccountEntries } from '../ledger/ledger.repository';
import { ref } from '../../../test/support/refs';

/**
 * Random sequences of credits, debits, holds, releases, bonus grants, wallet switches and settled
 * turnover (which releases bonuses), run against the real services and a small reference model
 * written independently of them. After every step the balances must match the model and every
 * ledger invariant must hold.
 */

type Op =
  | { op: 'credit' | 'debit' | 'hold' | 'turnover'; player: number; amount: number }
  | { op: 'release'; player: number; pick: number }
  | { op: 'grant'; player: number; amount: number; wallet: 'split' | 'wager' }
  | { op: 'activate'; player: number; status: 0 | 1 | 2 };

interface ModelBonus {
  wallet: 'split' | 'wager';
  granted: number;
  remaining: number;
  turnover: number;
  steps: number;
  isActive: boolean;
}

interface ModelPlayer {
  cash: number;
  exposure: number;
  split: number;
  wager: number;
  bonusExposure: number;
  active: 0 | 1 | 2;
  holds: { marketKey: string; fromCash: number; fromBonus: number }[];
  bonuses: ModelBonus[];
}

const newModelPlayer = (): ModelPlayer => ({
  cash: 0,
  exposure: 0,
  split: 0,
  wager: 0,
  bonusExposure: 0,
  active: 0,
  holds: [],
  bonuses: [],
});

/** The bonus rules of docs/wallet.md, written out plainly. */
function modelTurnover(player: ModelPlayer, amount: number): void {
  if (player.active === 0) return;
  const wallet = player.active === 1 ? 'split' : 'wager';
  let left = amount;
  for (const bonus of player.bonuses) {
    if (left <= 0) break;
    if (!bonus.isActive || bonus.wallet !== wallet) continue;
    if (wallet === 'split') {
      bonus.turnover += left;
      left = 0;
      while (bonus.steps < Math.floor(bonus.turnover / bonus.granted) && bonus.remaining > 0) {
        let share = Math.floor(bonus.remaining / 10);
        if (share < 100) share = bonus.remaining;
        bonus.remaining -= share;
        player.split -= share;
        player.cash += share;
        bonus.steps += 1;
      }
      if (bonus.remaining === 0) {
        bonus.isActive = false;
        left = bonus.turnover - bonus.steps * bonus.granted;
      }
    } else {
      bonus.turnover += left;
      if (bonus.turnover < bonus.granted * 10 || player.bonusExposure > 0) return;
      const later = player.bonuses.filter((other) => other.isActive && other.wallet === 'wager' && other !== bonus);
      let backing = player.wager;
      for (const other of [...later].reverse()) backing -= Math.min(other.remaining, backing);
      player.wager -= backing;
      player.cash += backing;
      left = bonus.turnover - bonus.granted * 10;
      bonus.isActive = false;
      bonus.remaining = 0;
    }
  }
}

const amount = fc.integer({ min: 1, max: 5_000 });
const player = fc.integer({ min: 0, max: 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('credit'), player, amount }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('debit'), player, amount }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('hold'), player, amount }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('release'), player, pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('grant'), player, amount, wallet: fc.constantFrom('split', 'wager') }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('activate'), player, status: fc.constantFrom(0, 1, 2) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('turnover'), player, amount }) },
) as fc.Arbitrary<Op>;

/** Every sequence starts with money in every wallet, so the random steps have something to move. */
const PREFIX: Op[] = [0, 1].flatMap((index) => [
  { op: 'credit', player: index, amount: 3_000 },
  { op: 'grant', player: index, amount: 2_000, wallet: 'split' },
  { op: 'grant', player: index, amount: 1_000, wallet: 'wager' },
  { op: 'activate', player: index, status: index === 0 ? 1 : 2 },
]);

let t: WalletTestDb;
let run = 0;
beforeAll(async () => {
  t = await openWalletTestDb();
});
afterAll(async () => t.close());

describe('wallet against a reference model', () => {
  it('keeps every balance and invariant after every step of random sequences', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 40 }), async (randomOps) => {
        const ops = [...PREFIX, ...randomOps];
        run += 1;
        // A real player and a demo (play money) player: two books side by side.
        const ids = [await t.addPlayer(`prop_${run}_r`), await t.addPlayer(`prop_${run}_d`, { isDemo: true })];
        const models = [newModelPlayer(), newModelPlayer()];
        for (const step of ops) {
          await apply(step, ids[step.player] as number, models[step.player] as ModelPlayer);
          for (const [index, userId] of ids.entries()) {
            const model = models[index] as ModelPlayer;
            expect(await t.module.money.readBalances(t.db, userId)).toEqual({
              cash: model.cash,
              exposure: model.exposure,
              splitBonus: model.split,
              wagerBonus: model.wager,
              bonusExposure: model.bonusExposure,
            });
          }
          expect((await auditLedger(t.db)).faults).toEqual([]);
        }
      }),
      { numRuns: 15 },
    );
    // Each book balances on its own: the play house holds exactly what demo players hold, negated.
    const playUsers = await t.db
      .selectFrom('ledger_accounts')
      .select((eb) => eb.fn.sum<number>('balance').as('total'))
      .where('book', '=', 'play')
      .executeTakeFirstOrThrow();
    expect(Number(playUsers.total ?? 0) + (await sumAccountEntries(t.db, 'house:play'))).toBe(0);
  });
});

async function expectRefusal(work: () => Promise<unknown>, code: string): Promise<void> {
  await expect(work()).rejects.toMatchObject({ code });
}

let markets = 0;
const nextMarketKey = () => `market:${(markets += 1)}`;

async function apply(step: Op, userId: number, model: ModelPlayer): Promise<void> {
  const { ledger, money, wallet, bonuses } = t.module;
  const inTx = <T>(work: Parameters<WalletTestDb['inTransaction']>[0]) => t.inTransaction(work, userId) as Promise<T>;
  switch (step.op) {
    case 'credit':
      await inTx((trx) =>
        ledger.transfer(trx, {
          kind: 'operator_credit',
          reference: ref('p'),
          userId,
          from: { system: 'house' },
          to: { userId, kind: 'cash' },
          amount: step.amount,
        }),
      );
      model.cash += step.amount;
      return;
    case 'debit':
      if (step.amount > model.cash) {
        return expectRefusal(
          () =>
            inTx((trx) =>
              ledger.transfer(trx, {
                kind: 'operator_debit',
                reference: ref('p'),
                userId,
                from: { userId, kind: 'cash' },
                to: { system: 'house' },
                amount: step.amount,
              }),
            ),
          'INSUFFICIENT_BALANCE',
        );
      }
      await inTx((trx) =>
        ledger.transfer(trx, {
          kind: 'operator_debit',
          reference: ref('p'),
          userId,
          from: { userId, kind: 'cash' },
          to: { system: 'house' },
          amount: step.amount,
        }),
      );
      model.cash -= step.amount;
      return;
    case 'hold': {
      const fromCash = Math.min(step.amount, model.cash);
      const fromBonus = step.amount - fromCash;
      if (fromBonus > 0 && (model.active !== 2 || fromBonus > model.wager)) {
        return expectRefusal(
          () => inTx((trx) => setHold(money, trx, { userId, marketKey: nextMarketKey(), exposure: step.amount, cause: 'p' })),
          'INSUFFICIENT_BALANCE',
        );
      }
      const marketKey = nextMarketKey();
      const held = await inTx<Awaited<ReturnType<typeof setHold>>>((trx) =>
        setHold(money, trx, { userId, marketKey, exposure: step.amount, cause: 'p' }),
      );
      expect(held).toMatchObject({ cashHeld: fromCash, bonusHeld: fromBonus, change: step.amount });
      // The balances a hold answers with are the ones a read after it finds.
      expect(held.balancesAfter).toEqual(await money.readBalances(t.db, userId));
      Object.assign(model, {
        cash: model.cash - fromCash,
        exposure: model.exposure + fromCash,
        wager: model.wager - fromBonus,
        bonusExposure: model.bonusExposure + fromBonus,
      });
      model.holds.push({ marketKey, fromCash, fromBonus });
      return;
    }
    case 'release': {
      if (model.holds.length === 0) return;
      const [held] = model.holds.splice(step.pick % model.holds.length, 1);
      if (!held) return;
      await inTx((trx) => setHold(money, trx, { userId, marketKey: held.marketKey, exposure: 0, cause: 'p' }));
      Object.assign(model, {
        cash: model.cash + held.fromCash,
        exposure: model.exposure - held.fromCash,
        wager: model.wager + held.fromBonus,
        bonusExposure: model.bonusExposure - held.fromBonus,
      });
      return;
    }
    case 'grant':
      await inTx((trx) => bonuses.grant(trx, { userId, amount: step.amount, wallet: step.wallet, reason: 'p' }));
      model.bonuses.push({
        wallet: step.wallet,
        granted: step.amount,
        remaining: step.amount,
        turnover: 0,
        steps: 0,
        isActive: true,
      });
      if (step.wallet === 'split') model.split += step.amount;
      else model.wager += step.amount;
      return;
    case 'activate': {
      const has = step.status === 0 || (step.status === 1 ? model.split > 0 : model.wager + model.bonusExposure > 0);
      if (!has) return expectRefusal(() => wallet.setActiveWallet(userId, step.status), 'REFUSED');
      await wallet.setActiveWallet(userId, step.status);
      model.active = step.status;
      return;
    }
    case 'turnover':
      await inTx((trx) => bonuses.recordSettledTurnover(trx, { userId, amount: step.amount * 10, reference: ref('p') }));
      modelTurnover(model, step.amount * 10);
      return;
  }
}
