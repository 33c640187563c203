import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MarketBet } from './bets';
import { marketProfitLossAmong, runnerBook } from './bets-book';
import { marketPositionExposure, positionOf } from './bets-position';
import { runnerOutcomes } from './runner-outcomes';

const RUNNERS = [11, 12, 13, 14, 15, 16, 17, 18];

/** Every set of `size` runners out of `ids`. */
function subsets(ids: readonly number[], size: number): number[][] {
  if (size === 0) return [[]];
  if (ids.length < size) return [];
  const [first, ...rest] = ids as [number, ...number[]];
  return [...subsets(rest, size - 1).map((set) => [first, ...set]), ...subsets(rest, size)];
}

const betArb: fc.Arbitrary<MarketBet> = fc.record({
  kind: fc.constant('match_odds' as const),
  selectionId: fc.constantFrom(...RUNNERS),
  isBack: fc.boolean(),
  odds: fc.integer({ min: 101, max: 5_000 }),
  stakePaise: fc.integer({ min: 1, max: 10_000_000 }),
});

describe('runner outcomes', () => {
  it('match settling every bet for every set of placed runners: worst and best with and without each runner', () => {
    fc.assert(
      fc.property(
        fc.array(betArb, { maxLength: 10 }),
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 1, max: 3 }),
        (bets, fieldSize, winners) => {
          const runnerIds = RUNNERS.slice(0, fieldSize);
          const inField = bets.filter((bet) => runnerIds.includes(bet.selectionId));
          const outcomes = runnerOutcomes(positionOf(inField), runnerIds, winners);
          const paid = Math.min(winners, fieldSize);
          const sets = subsets(runnerIds, paid);
          for (const outcome of outcomes) {
            const withIt = sets
              .filter((set) => set.includes(outcome.selectionId))
              .map((set) => marketProfitLossAmong(inField, set));
            const without = sets
              .filter((set) => !set.includes(outcome.selectionId))
              .map((set) => marketProfitLossAmong(inField, set));
            expect(outcome.ifWinsWorst).toBe(Math.min(...withIt));
            expect(outcome.ifWinsBest).toBe(Math.max(...withIt));
            expect(outcome.ifLosesWorst).toBe(without.length === 0 ? null : Math.min(...without));
            expect(outcome.ifLosesBest).toBe(without.length === 0 ? null : Math.max(...without));
          }
          // The exposure is the worst of them all.
          const worst = Math.min(0, ...outcomes.map((outcome) => outcome.ifWinsWorst));
          expect(marketPositionExposure(positionOf(inField), runnerIds, winners)).toBe(Math.abs(worst));
        },
      ),
    );
  });

  it('with one winner, "if it wins" is the runner book exactly', () => {
    fc.assert(
      fc.property(fc.array(betArb, { maxLength: 10 }), (bets) => {
        const book = runnerBook(
          bets,
          RUNNERS.map((selectionId) => ({ selectionId, teamName: String(selectionId) })),
        );
        const outcomes = runnerOutcomes(positionOf(bets), RUNNERS, 1);
        expect(outcomes.map((outcome) => outcome.ifWinsWorst)).toEqual(book.map((row) => row.profitLossPaise));
        expect(outcomes.map((outcome) => outcome.ifWinsBest)).toEqual(book.map((row) => row.profitLossPaise));
      }),
    );
  });

  it('a back on one runner of a Place market: every other runner shows the stake at risk, not 0', () => {
    // Back runner 11 for ₹100 at 3.00 in a Place market paying 3 of 8.
    const outcomes = runnerOutcomes(
      positionOf([{ kind: 'match_odds', selectionId: 11, isBack: true, odds: 300, stakePaise: 10_000 }]),
      RUNNERS,
      3,
    );
    expect(outcomes[0]).toEqual({
      selectionId: 11,
      ifWinsWorst: 20_000,
      ifWinsBest: 20_000,
      ifLosesWorst: -10_000,
      ifLosesBest: -10_000,
    });
    expect(outcomes[1]).toEqual({
      selectionId: 12,
      ifWinsWorst: -10_000,
      ifWinsBest: 20_000,
      ifLosesWorst: -10_000,
      ifLosesBest: 20_000,
    });
  });
});
