import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Bet, type FancyBet, type MarketBet, fancyBetProfitLoss, marketBetProfitLoss } from './bets';
import { exposurePaise } from './bets-book';
import {
  applyPositionChange,
  type BookPosition,
  EMPTY_POSITION,
  positionChangeOf,
  positionExposure,
  positionOf,
} from './bets-position';

/**
 * Placement keeps (docs/betting.md, "Placement", running position) a running position per player
 * and market and adds each bet to it, instead of netting every earlier bet again. After any
 * sequence of bets the running position must price the market exactly as settling every bet one by
 * one for every outcome does.
 */
const RUNNER_IDS = [11, 12, 13, 14];
const anyStake = fc.integer({ min: 1, max: 100_000_000 });

const marketBet: fc.Arbitrary<MarketBet> = fc.record({
  kind: fc.constantFrom('match_odds' as const, 'bookmaker' as const),
  // 15 is no runner of the list: a bet naming it still counts as an outcome.
  selectionId: fc.constantFrom(...RUNNER_IDS, 15),
  isBack: fc.boolean(),
  odds: fc.integer({ min: 101, max: 100_000 }),
  stakePaise: anyStake,
});

const fancyBet: fc.Arbitrary<FancyBet> = fc.record({
  kind: fc.constant('fancy' as const),
  isBack: fc.boolean(),
  run: fc.integer({ min: 0, max: 40 }),
  size: fc.integer({ min: 1, max: 300 }),
  stakePaise: anyStake,
});

function bruteMarketExposure(bets: readonly MarketBet[], runnerIds: readonly number[]): number {
  if (bets.length === 0) return 0;
  const outcomes = [...new Set([...runnerIds, ...bets.map((bet) => bet.selectionId)])];
  const totals = outcomes.map((winner) => bets.reduce((sum, bet) => sum + marketBetProfitLoss(bet, winner), 0));
  return Math.max(0, ...totals.map((total) => -total));
}

function bruteFancyExposure(bets: readonly FancyBet[]): number {
  const highest = Math.max(0, ...bets.map((bet) => bet.run));
  const totals = Array.from({ length: highest + 3 }, (_, result) =>
    bets.reduce((sum, bet) => sum + fancyBetProfitLoss(bet, result), 0),
  );
  return Math.max(0, ...totals.map((total) => -total));
}

/** What the database keeps (bets/positions.repository.ts): a baseline row and one row per step, each summed in place. */
interface StoredPosition {
  baseline: number;
  rows: Map<number, number>;
}

function storeBet(stored: StoredPosition, bet: Bet): void {
  const change = positionChangeOf(bet);
  stored.baseline += change.baselineDelta;
  stored.rows.set(change.stepKey, (stored.rows.get(change.stepKey) ?? 0) + change.stepDelta);
}

const readBack = (stored: StoredPosition): BookPosition => ({ baseline: stored.baseline, steps: new Map(stored.rows) });

describe('the running position against brute force, after any sequence of bets', () => {
  it('a match-odds or bookmaker market: after every bet, its exposure is every runner settled bet by bet', () => {
    fc.assert(
      fc.property(fc.array(marketBet, { maxLength: 40 }), (bets) => {
        let running = EMPTY_POSITION;
        const stored: StoredPosition = { baseline: 0, rows: new Map() };
        bets.forEach((bet, index) => {
          const before = positionExposure(bet.kind, running, RUNNER_IDS);
          running = applyPositionChange(running, positionChangeOf(bet));
          storeBet(stored, bet);
          const placed = bets.slice(0, index + 1);
          const expected = bruteMarketExposure(placed, RUNNER_IDS);
          expect(positionExposure(bet.kind, running, RUNNER_IDS)).toBe(expected);
          expect(positionExposure(bet.kind, readBack(stored), RUNNER_IDS)).toBe(expected);
          // The change placement holds is the netting's change, bet by bet.
          expect(expected - before).toBe(exposurePaise(placed, RUNNER_IDS) - exposurePaise(bets.slice(0, index), RUNNER_IDS));
        });
        expect(readBack(stored)).toEqual(positionOf(bets));
      }),
    );
  });

  it('a fancy line (its run ladder): after every bet, its exposure is every result settled bet by bet', () => {
    fc.assert(
      fc.property(fc.array(fancyBet, { maxLength: 40 }), (bets) => {
        let running = EMPTY_POSITION;
        const stored: StoredPosition = { baseline: 0, rows: new Map() };
        bets.forEach((bet, index) => {
          running = applyPositionChange(running, positionChangeOf(bet));
          storeBet(stored, bet);
          const expected = bruteFancyExposure(bets.slice(0, index + 1));
          expect(positionExposure('fancy', running)).toBe(expected);
          expect(positionExposure('fancy', readBack(stored))).toBe(expected);
        });
        expect(readBack(stored)).toEqual(positionOf(bets));
      }),
    );
  });

  it('the order of the bets does not change the position', () => {
    fc.assert(
      fc.property(
        fc
          .array(marketBet, { maxLength: 20 })
          .chain((bets) => fc.tuple(fc.constant(bets), fc.shuffledSubarray(bets, { minLength: bets.length }))),
        ([bets, shuffled]) => {
          expect(positionOf(shuffled)).toEqual(positionOf(bets));
        },
      ),
    );
  });

  it('a market position has one step per selection and a fancy position one per run, however many bets', () => {
    const backs: MarketBet[] = Array.from({ length: 2_000 }, (_, index) => ({
      kind: 'match_odds',
      selectionId: RUNNER_IDS[index % 3] as number,
      isBack: index % 2 === 0,
      odds: 150 + (index % 40),
      stakePaise: 10_000 + index,
    }));
    expect(positionOf(backs).steps.size).toBe(3);
    expect(positionExposure('match_odds', positionOf(backs), RUNNER_IDS)).toBe(bruteMarketExposure(backs, RUNNER_IDS));
  });
});
