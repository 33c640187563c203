import { describe, expect, it } from 'vitest';
import { allocateWagerWallet, applySplitTurnover, splitReleaseShare } from './bonus.rules';

const split = (over: Partial<Parameters<typeof applySplitTurnover>[0]> = {}) => ({
  granted: 100_000,
  remaining: 100_000,
  turnover: 0,
  releaseSteps: 0,
  shareBp: 1_000,
  ...over,
});

describe('split wallet release', () => {
  it('releases nothing before turnover reaches the bonus amount', () => {
    expect(applySplitTurnover(split(), 99_999)).toMatchObject({
      turnover: 99_999,
      released: 0,
      remaining: 100_000,
      releaseSteps: 0,
    });
  });

  it('releases 10% of what remains each time turnover reaches the bonus amount', () => {
    const first = applySplitTurnover(split(), 100_000);
    expect(first).toMatchObject({ released: 10_000, remaining: 90_000, releaseSteps: 1, isCompleted: false });
    // Two more steps in one go: 10% of 90,000 then 10% of 81,000.
    const next = applySplitTurnover(split({ remaining: 90_000, turnover: 100_000, releaseSteps: 1 }), 200_500);
    expect(next).toMatchObject({ released: 9_000 + 8_100, remaining: 72_900, releaseSteps: 3, turnover: 300_500 });
  });

  it('releases the whole remainder once a share would be under ₹1, and hands on the unused turnover', () => {
    expect(splitReleaseShare(999, 1_000)).toBe(999);
    expect(splitReleaseShare(1_000, 1_000)).toBe(100);
    const last = applySplitTurnover(split({ granted: 5_000, remaining: 900, turnover: 40_000, releaseSteps: 8 }), 12_000);
    expect(last).toMatchObject({
      released: 900,
      remaining: 0,
      isCompleted: true,
      releaseSteps: 9,
      turnover: 45_000,
      unusedTurnover: 7_000,
    });
  });

  it('always finishes: repeated steps drain any bonus to exactly zero', () => {
    let bonus = split({ granted: 123_457, remaining: 123_457 });
    let released = 0;
    for (let step = 0; step < 200 && bonus.remaining > 0; step += 1) {
      const outcome = applySplitTurnover(bonus, bonus.granted);
      released += outcome.released;
      bonus = { ...bonus, remaining: outcome.remaining, turnover: outcome.turnover, releaseSteps: outcome.releaseSteps };
    }
    expect(bonus.remaining).toBe(0);
    expect(released).toBe(123_457);
  });
});

describe('wager wallet allocation', () => {
  it('gives the oldest bonus all of the wallet when it is the only one, wins included', () => {
    expect(allocateWagerWallet([{ id: 1, granted: 1_000 }], 1_750)).toEqual(new Map([[1, 1_750]]));
  });

  it('backs later bonuses first, up to their grant, and leaves the oldest the rest', () => {
    const bonuses = [
      { id: 1, granted: 1_000 },
      { id: 2, granted: 500 },
      { id: 3, granted: 300 },
    ];
    expect(allocateWagerWallet(bonuses, 1_000)).toEqual(
      new Map([
        [3, 300],
        [2, 500],
        [1, 200],
      ]),
    );
    expect(allocateWagerWallet(bonuses, 600)).toEqual(
      new Map([
        [3, 300],
        [2, 300],
        [1, 0],
      ]),
    );
  });
});
