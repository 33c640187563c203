import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateLoss, allocateRelease, allocateStake } from './money-sources';

/** Every split of `amount` into (cash, bonus): the brute-force models below pick from these. */
function splits(amount: number): { cash: number; bonus: number }[] {
  return Array.from({ length: amount + 1 }, (_, cash) => ({ cash, bonus: amount - cash }));
}

const paise = fc.integer({ min: 0, max: 400 });

describe('allocateStake: cash first, then the wager bonus while the wager wallet is active', () => {
  it('agrees with the brute-force model: the feasible split with the most cash, or what is short', () => {
    fc.assert(
      fc.property(paise, paise, paise, fc.boolean(), (amount, cash, wagerBonus, canUseBonus) => {
        const bonusAvailable = canUseBonus ? wagerBonus : 0;
        const feasible = splits(amount).filter((split) => split.cash <= cash && split.bonus <= bonusAvailable);
        const result = allocateStake(amount, { cash, wagerBonus, canUseBonus });
        if (feasible.length === 0) {
          expect(result).toEqual({ ok: false, short: amount - cash - bonusAvailable });
        } else {
          const best = feasible.reduce((a, b) => (b.cash > a.cash ? b : a));
          expect(result).toEqual({ ok: true, fromCash: best.cash, fromBonus: best.bonus });
        }
      }),
    );
  });

  it('never touches the bonus while the wager wallet is inactive', () => {
    expect(allocateStake(500, { cash: 300, wagerBonus: 1_000, canUseBonus: false })).toEqual({ ok: false, short: 200 });
    expect(allocateStake(500, { cash: 300, wagerBonus: 1_000, canUseBonus: true })).toEqual({
      ok: true,
      fromCash: 300,
      fromBonus: 200,
    });
  });

  it('refuses amounts that are not whole paise', () => {
    expect(() => allocateStake(1.5, { cash: 10, wagerBonus: 0, canUseBonus: false })).toThrow(RangeError);
    expect(() => allocateStake(-1, { cash: 10, wagerBonus: 0, canUseBonus: false })).toThrow(RangeError);
  });
});

describe('allocateRelease: bonus back first, then cash', () => {
  it('agrees with the brute-force model: the feasible split with the most bonus', () => {
    fc.assert(
      fc.property(paise, paise, paise, (amount, heldCash, heldBonus) => {
        fc.pre(amount <= heldCash + heldBonus);
        const feasible = splits(amount).filter((split) => split.cash <= heldCash && split.bonus <= heldBonus);
        const best = feasible.reduce((a, b) => (b.bonus > a.bonus ? b : a));
        expect(allocateRelease(amount, { cash: heldCash, bonus: heldBonus })).toEqual({ toCash: best.cash, toBonus: best.bonus });
      }),
    );
  });

  it('refuses to release more than is held', () => {
    expect(() => allocateRelease(11, { cash: 5, bonus: 5 })).toThrow(RangeError);
  });
});

describe('allocateLoss: the bonus staked is lost first, then cash, then more wager bonus if cash is short', () => {
  it('agrees with the brute-force model', () => {
    fc.assert(
      fc.property(paise, paise, paise, paise, (loss, bonusStaked, cash, wagerBonus) => {
        const target = Math.min(loss, bonusStaked);
        const feasible = splits(loss).filter((split) => split.cash <= cash && split.bonus <= wagerBonus);
        const result = allocateLoss(loss, { bonusStaked, cash, wagerBonus });
        expect(result.fromCash + result.fromBonus).toBe(loss);
        if (feasible.length === 0) {
          // Nothing can pay it: the rule still asks all the wager bonus it can, and the ledger refuses.
          expect(result.fromBonus).toBe(Math.min(loss, wagerBonus));
        } else {
          const closest = feasible.reduce((a, b) => (Math.abs(b.bonus - target) < Math.abs(a.bonus - target) ? b : a));
          expect(result).toEqual({ fromCash: closest.cash, fromBonus: closest.bonus });
        }
      }),
    );
  });
});
