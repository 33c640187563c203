import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { doesMarketBetWinAmong, liabilityPaise, type MarketBet, marketBetProfitLossAmong, winAndLoss } from './bets';
import { MIN_APPLIED_FACTOR_MILLI, reducedOdds, type RunnerRemoval, settleMarketBetByTerms } from './settlement-terms';

const RUNNERS = [11, 12, 13, 14, 15, 16];

/**
 * The brute-force model: Betfair's rules taken literally, one event at a time, in exact
 * fractions. The price is reduced removal by removal in the order they happened (each a
 * multiplication by 1 − f/100, skipped under 2.5 % or for the bet's own runner or a removal
 * before the bet); a dead-heat winner's stake is cut into one piece per tied winner, of which
 * as many as the market pays win at that price. The rounding is searched for, not computed:
 * the largest whole paise (price hundredth) that is not more than the exact amount.
 */
interface Fraction {
  num: bigint;
  den: bigint;
}
const frac = (num: bigint, den = 1n): Fraction => ({ num, den });
const times = (a: Fraction, b: Fraction) => frac(a.num * b.num, a.den * b.den);
const plus = (a: Fraction, b: Fraction) => frac(a.num * b.den + b.num * a.den, a.den * b.den);
const lessOrEqual = (a: Fraction, b: Fraction) => a.num * b.den <= b.num * a.den;

/** The largest integer ≤ x, found by stepping (x is small: a price or an amount in paise). */
function floorBySearch(x: Fraction, start: number): number {
  let n = start;
  while (!lessOrEqual(frac(BigInt(n)), x)) n -= 1;
  while (lessOrEqual(frac(BigInt(n + 1)), x)) n += 1;
  return n;
}

function modelSettle(bet: MarketBet, placedAt: number, winners: number[], places: number, removals: RunnerRemoval[]) {
  if (removals.some((removal) => removal.selectionId === bet.selectionId))
    return { status: 'void', profitLoss: 0, odds: bet.odds };
  let price = frac(BigInt(bet.odds));
  for (const removal of [...removals].sort((a, b) => a.removedAt - b.removedAt)) {
    if (removal.removedAt <= placedAt || removal.factorMilli < MIN_APPLIED_FACTOR_MILLI) continue;
    price = times(price, frac(100_000n - BigInt(removal.factorMilli), 100_000n));
  }
  // Rounded toward the house: a back's price down, a lay's up; 1.01 at least, the price taken at most.
  let odds = floorBySearch(price, bet.odds);
  if (!bet.isBack && !lessOrEqual(price, frac(BigInt(odds)))) odds += 1;
  odds = Math.min(bet.odds, Math.max(101, odds));
  const stake = BigInt(bet.stakePaise);
  const isWinner = winners.includes(bet.selectionId);
  let backProfit: Fraction;
  if (isWinner && winners.length > places) {
    const piece = frac(stake, BigInt(winners.length));
    backProfit = frac(0n);
    for (let i = 0; i < winners.length; i += 1) {
      backProfit = plus(backProfit, i < places ? times(piece, frac(BigInt(odds - 100), 100n)) : times(piece, frac(-1n)));
    }
  } else {
    backProfit = isWinner ? frac(stake * BigInt(odds - 100), 100n) : frac(-stake);
  }
  const profit = bet.isBack ? backProfit : times(backProfit, frac(-1n));
  return { status: '', profitLoss: floorBySearch(profit, Number(profit.num / profit.den)), odds };
}

const betArb = fc.record({
  kind: fc.constant('match_odds' as const),
  selectionId: fc.constantFrom(...RUNNERS),
  isBack: fc.boolean(),
  odds: fc.integer({ min: 101, max: 10_000 }),
  stakePaise: fc.oneof(
    fc.integer({ min: 1, max: 10_000 }).map((rupees) => rupees * 100),
    fc.integer({ min: 1, max: 100_000_000 }),
  ),
});
const removalArb = fc.record({
  selectionId: fc.constantFrom(...RUNNERS),
  factorMilli: fc.oneof(fc.integer({ min: 0, max: 80_000 }), fc.constantFrom(2_499, 2_500, 7_140, 5_550)),
  removedAt: fc.integer({ min: 0, max: 100 }),
});
const termsArb = fc
  .record({
    places: fc.integer({ min: 1, max: 3 }),
    extraWinners: fc.integer({ min: 0, max: 2 }),
    order: fc.shuffledSubarray(RUNNERS, { minLength: RUNNERS.length, maxLength: RUNNERS.length }),
    removals: fc.uniqueArray(removalArb, { maxLength: 3, selector: (removal) => removal.selectionId }),
  })
  .map(({ places, extraWinners, order, removals }) => {
    const removed = new Set(removals.map((removal) => removal.selectionId));
    const running = order.filter((id) => !removed.has(id));
    return { places, winners: running.slice(0, Math.min(running.length, places + extraWinners)), removals };
  });

describe('settling by Betfair terms (non-runners, reduction factors, dead heats)', () => {
  it('matches the brute-force model for any bet, removals before or after it, and any dead heat', () => {
    fc.assert(
      fc.property(betArb, fc.integer({ min: 0, max: 100 }), termsArb, (bet, placedAt, terms) => {
        const settled = settleMarketBetByTerms(bet, placedAt, terms);
        const model = modelSettle(bet, placedAt, terms.winners, terms.places, terms.removals);
        expect(settled.profitLoss).toBe(model.profitLoss);
        if (model.status === 'void') expect(settled.status).toBe('void');
        else expect(settled.settledOdds ?? bet.odds).toBe(model.odds);
      }),
      { numRuns: 5_000 },
    );
  });

  it('never takes more than the bet held, nor pays more than it could win', () => {
    fc.assert(
      fc.property(betArb, fc.integer({ min: 0, max: 100 }), termsArb, (bet, placedAt, terms) => {
        const settled = settleMarketBetByTerms(bet, placedAt, terms);
        expect(-settled.profitLoss).toBeLessThanOrEqual(liabilityPaise(bet));
        expect(settled.profitLoss).toBeLessThanOrEqual(winAndLoss(bet).winPaise);
      }),
      { numRuns: 3_000 },
    );
  });

  it('is the plain settlement when no runner was removed and no dead heat', () => {
    fc.assert(
      fc.property(
        betArb,
        fc.integer({ min: 0, max: 100 }),
        fc.uniqueArray(fc.constantFrom(...RUNNERS), { minLength: 1, maxLength: 3 }),
        (bet, placedAt, winners) => {
          const settled = settleMarketBetByTerms(bet, placedAt, { winners, places: winners.length, removals: [] });
          expect(settled).toEqual({
            status: doesMarketBetWinAmong(bet, winners) ? 'won' : 'lost',
            profitLoss: marketBetProfitLossAmong(bet, winners),
            settledOdds: null,
          });
        },
      ),
    );
  });

  it('worked examples: a 7.14 % then a 5.55 % non-runner compound; 2.49 % is not applied; bets after a removal keep their price', () => {
    const back: MarketBet = { kind: 'match_odds', selectionId: 11, isBack: true, odds: 500, stakePaise: 10_000 };
    const removals = [
      { selectionId: 15, factorMilli: 7_140, removedAt: 10 },
      { selectionId: 16, factorMilli: 5_550, removedAt: 20 },
    ];
    // 5.00 × 0.9286 × 0.9445 = 4.3853… → 4.38 for a back, 4.39 for a lay.
    expect(reducedOdds(500, true, [7_140, 5_550])).toBe(438);
    expect(reducedOdds(500, false, [7_140, 5_550])).toBe(439);
    const early = settleMarketBetByTerms(back, 5, { winners: [11], places: 1, removals });
    expect(early).toEqual({ status: 'won', profitLoss: 33_800, settledOdds: 438 });
    const between = settleMarketBetByTerms(back, 15, { winners: [11], places: 1, removals });
    expect(between.settledOdds).toBe(472); // 5.00 × 0.9445 = 4.7225
    expect(settleMarketBetByTerms(back, 25, { winners: [11], places: 1, removals })).toEqual({
      status: 'won',
      profitLoss: 40_000,
      settledOdds: null,
    });
    expect(
      settleMarketBetByTerms(back, 5, {
        winners: [11],
        places: 1,
        removals: [{ selectionId: 15, factorMilli: 2_490, removedAt: 10 }],
      }).settledOdds,
    ).toBeNull();
    // A bet on the non-runner is void.
    expect(settleMarketBetByTerms({ ...back, selectionId: 15 }, 5, { winners: [11], places: 1, removals }).status).toBe('void');
  });

  it('worked examples: a two-way dead heat for a win halves the stake', () => {
    const back: MarketBet = { kind: 'match_odds', selectionId: 11, isBack: true, odds: 600, stakePaise: 10_000 };
    // ₹100 at 6.0, dead heat of two: ₹50 wins ₹250, ₹50 is lost → +₹200.
    expect(settleMarketBetByTerms(back, 0, { winners: [11, 12], places: 1, removals: [] })).toMatchObject({ profitLoss: 20_000 });
    // The layer pays ₹250 and keeps ₹50 → −₹200.
    expect(settleMarketBetByTerms({ ...back, isBack: false }, 0, { winners: [11, 12], places: 1, removals: [] })).toMatchObject({
      profitLoss: -20_000,
      status: 'lost',
    });
    // At 1.5 a halved back loses: ₹50 wins ₹25, ₹50 lost → −₹25.
    expect(settleMarketBetByTerms({ ...back, odds: 150 }, 0, { winners: [11, 12], places: 1, removals: [] })).toMatchObject({
      profitLoss: -2_500,
      status: 'lost',
    });
  });
});
