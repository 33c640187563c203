import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FancyBet, fancyBetProfitLoss } from './bets';
import { fancyRunPosition } from './fancy-run-position';

const fancyBet: fc.Arbitrary<FancyBet> = fc.record({
  kind: fc.constant('fancy' as const),
  isBack: fc.boolean(),
  run: fc.integer({ min: 0, max: 80 }),
  size: fc.integer({ min: 1, max: 300 }),
  // Whole rupees (what the slip sends) and any paise (what the API accepts).
  stakePaise: fc.oneof(
    fc.integer({ min: 1, max: 1_000_000 }).map((rupees) => rupees * 100),
    fc.integer({ min: 1, max: 100_000_000 }),
  ),
});

/** Brute force: settle every bet one by one at the result. */
function bruteTotal(bets: readonly FancyBet[], result: number): number {
  return bets.reduce((sum, bet) => sum + fancyBetProfitLoss(bet, result), 0);
}

describe('the fancy run position', () => {
  it('pays at every result exactly what settling each bet one by one pays', () => {
    fc.assert(
      fc.property(fc.array(fancyBet, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 4 }), (bets, margin) => {
        const rows = fancyRunPosition(bets, margin);
        const highest = Math.max(...bets.map((bet) => bet.run));
        for (let result = 0; result <= highest + margin + 5; result += 1) {
          const row = rows.find((item) => item.fromRun <= result && (item.toRun === null || result <= item.toRun));
          expect(row?.profitLossPaise).toBe(bruteTotal(bets, result));
        }
      }),
    );
  });

  it('covers every result once, from 0 up, and shows each run near a line on its own', () => {
    fc.assert(
      fc.property(fc.array(fancyBet, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 4 }), (bets, margin) => {
        const rows = fancyRunPosition(bets, margin);
        expect(rows[0]?.fromRun).toBe(0);
        expect(rows.at(-1)?.toRun).toBeNull();
        for (const [index, row] of rows.entries()) {
          const next = rows[index + 1];
          if (next) expect(next.fromRun).toBe((row.toRun ?? Number.NaN) + 1);
          if (row.toRun !== null) expect(row.toRun).toBeGreaterThanOrEqual(row.fromRun);
        }
        for (const bet of bets) {
          for (let run = Math.max(0, bet.run - margin); run < bet.run + margin; run += 1) {
            expect(rows.some((row) => row.fromRun === run && row.toRun === run)).toBe(true);
          }
        }
      }),
    );
  });

  it('shows a Yes bet of ₹100 at 45 (size 90) as the exchanges do', () => {
    const yes: FancyBet = { kind: 'fancy', isBack: true, run: 45, size: 90, stakePaise: 10_000 };
    expect(fancyRunPosition([yes])).toEqual([
      { fromRun: 0, toRun: 42, profitLossPaise: -10_000 },
      { fromRun: 43, toRun: 43, profitLossPaise: -10_000 },
      { fromRun: 44, toRun: 44, profitLossPaise: -10_000 },
      { fromRun: 45, toRun: 45, profitLossPaise: 9_000 },
      { fromRun: 46, toRun: 46, profitLossPaise: 9_000 },
      { fromRun: 47, toRun: null, profitLossPaise: 9_000 },
    ]);
    expect(fancyRunPosition([])).toEqual([]);
  });
});
