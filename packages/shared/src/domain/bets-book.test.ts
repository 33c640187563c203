import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Bet,
  type FancyBet,
  type MarketBet,
  doesMarketBetWinAmong,
  fancyBetProfitLoss,
  liabilityPaise,
  marketBetProfitLoss,
  marketBetProfitLossAmong,
} from './bets';
import {
  exposureChangePaise,
  exposurePaise,
  fancyBook,
  fancyExposurePaise,
  fancyProfitLossAt,
  marketExposurePaise,
  marketProfitLossAmong,
  marketProfitLossIfWins,
  runnerBook,
} from './bets-book';

const RUNNER_IDS = [11, 12, 13, 14];
/** Stakes in whole rupees (what the slip sends) or any paise (what the API accepts). */
const wholeRupeeStake = fc.integer({ min: 1, max: 1_000_000 }).map((rupees) => rupees * 100);
const anyStake = fc.integer({ min: 1, max: 100_000_000 });

function marketBetArb(stake: fc.Arbitrary<number>): fc.Arbitrary<MarketBet> {
  return fc.oneof(
    fc.record({
      kind: fc.constant('match_odds' as const),
      selectionId: fc.constantFrom(...RUNNER_IDS),
      isBack: fc.boolean(),
      odds: fc.integer({ min: 101, max: 100_000 }),
      stakePaise: stake,
    }),
    fc.record({
      kind: fc.constant('bookmaker' as const),
      selectionId: fc.constantFrom(...RUNNER_IDS),
      isBack: fc.boolean(),
      odds: fc.integer({ min: 1, max: 500 }),
      stakePaise: stake,
    }),
  );
}

function fancyBetArb(stake: fc.Arbitrary<number>): fc.Arbitrary<FancyBet> {
  return fc.record({
    kind: fc.constant('fancy' as const),
    isBack: fc.boolean(),
    run: fc.integer({ min: 0, max: 60 }),
    size: fc.integer({ min: 1, max: 300 }),
    stakePaise: stake,
  });
}

const marketBets = fc.array(marketBetArb(anyStake), { maxLength: 12 });
const fancyBets = fc.array(fancyBetArb(anyStake), { maxLength: 12 });

/** Brute force: settle every bet one by one for every runner winning. */
function bruteMarketTotals(bets: readonly MarketBet[], winners: readonly number[]): number[] {
  return winners.map((winner) => bets.reduce((sum, bet) => sum + marketBetProfitLoss(bet, winner), 0));
}
/** Brute force: settle every bet one by one for every result from 0 past the highest run. */
function bruteFancyTotals(bets: readonly FancyBet[]): number[] {
  const highest = Math.max(0, ...bets.map((bet) => bet.run));
  return Array.from({ length: highest + 3 }, (_, result) => bets.reduce((sum, bet) => sum + fancyBetProfitLoss(bet, result), 0));
}
const worstLoss = (totals: readonly number[]) => Math.max(0, ...totals.map((total) => -total));

function opposite<T extends Bet>(bet: T): T {
  return { ...bet, isBack: !bet.isBack };
}

describe('market book and exposure against brute force', () => {
  it('the win/loss list is every runner settled one bet at a time', () => {
    fc.assert(
      fc.property(marketBets, (bets) => {
        const runners = RUNNER_IDS.map((selectionId) => ({ selectionId, teamName: `Team ${selectionId}` }));
        const book = runnerBook(bets, runners);
        expect(book.map((row) => row.profitLossPaise)).toEqual(bruteMarketTotals(bets, RUNNER_IDS));
        expect(book.map((row) => row.teamName)).toEqual(runners.map((runner) => runner.teamName));
        for (const id of RUNNER_IDS) expect(marketProfitLossIfWins(bets, id)).toBe(bruteMarketTotals(bets, [id])[0]);
      }),
    );
  });

  it('exposure is the worst outcome over the full runner list', () => {
    fc.assert(
      fc.property(marketBets, (bets) => {
        expect(marketExposurePaise(bets, RUNNER_IDS)).toBe(worstLoss(bruteMarketTotals(bets, RUNNER_IDS)));
      }),
    );
  });

  it('without the runner list, a runner outside the book may win too', () => {
    fc.assert(
      fc.property(marketBets, (bets) => {
        const outsider = 99;
        expect(marketExposurePaise(bets)).toBe(worstLoss(bruteMarketTotals(bets, [...RUNNER_IDS, outsider])));
      }),
    );
  });
});

/** Every set of `size` runners out of `ids`. */
function subsets(ids: readonly number[], size: number): number[][] {
  if (size === 0) return [[]];
  return ids.flatMap((id, index) => subsets(ids.slice(index + 1), size - 1).map((rest) => [id, ...rest]));
}

describe('a market that pays several runners (Place) against brute force', () => {
  const FIELD = [11, 12, 13, 14, 15, 16, 17, 18];
  const placeBets = fc.array(
    fc.record({
      kind: fc.constant('match_odds' as const),
      selectionId: fc.constantFrom(...FIELD),
      isBack: fc.boolean(),
      odds: fc.integer({ min: 101, max: 5_000 }),
      stakePaise: anyStake,
    }),
    { maxLength: 10 },
  );

  it('exposure is the worst total over every set of placed runners, for 1, 2 and 3 places', () => {
    fc.assert(
      fc.property(placeBets, fc.constantFrom(1, 2, 3), fc.integer({ min: 5, max: 8 }), (bets, places, fieldSize) => {
        const field = FIELD.slice(0, fieldSize);
        const inField = bets.filter((bet) => field.includes(bet.selectionId));
        const totals = subsets(field, places).map((placed) =>
          inField.reduce((sum, bet) => sum + marketBetProfitLossAmong(bet, placed), 0),
        );
        expect(marketExposurePaise(inField, field, places)).toBe(worstLoss(totals));
        expect(exposurePaise(inField, field, places)).toBe(worstLoss(totals));
        for (const placed of subsets(field, places).slice(0, 5)) {
          expect(marketProfitLossAmong(inField, placed)).toBe(
            inField.reduce((sum, bet) => sum + marketBetProfitLossAmong(bet, placed), 0),
          );
        }
      }),
    );
  });

  it('one place is the single-winner market', () => {
    fc.assert(
      fc.property(marketBets, (bets) => {
        expect(marketExposurePaise(bets, RUNNER_IDS, 1)).toBe(marketExposurePaise(bets, RUNNER_IDS));
        for (const id of RUNNER_IDS) expect(marketProfitLossAmong(bets, [id])).toBe(marketProfitLossIfWins(bets, id));
      }),
    );
  });

  it('a back on a runner wins when it is among the placed, a lay when it is not', () => {
    const back: MarketBet = { kind: 'match_odds', selectionId: 12, isBack: true, odds: 250, stakePaise: 10_000 };
    expect(doesMarketBetWinAmong(back, [11, 12])).toBe(true);
    expect(doesMarketBetWinAmong({ ...back, isBack: false }, [11, 12])).toBe(false);
    expect(marketBetProfitLossAmong(back, [11, 13])).toBe(-10_000);
    // Backing two runners of a 2-place market at 2.0: both may be placed (+200), or neither (−200).
    const two: MarketBet[] = [back, { ...back, selectionId: 13, odds: 200 }];
    expect(marketExposurePaise(two, [11, 12, 13, 14, 15], 2)).toBe(20_000);
  });
});

describe('fancy book and exposure against brute force', () => {
  it('exposure is the worst result over every run', () => {
    fc.assert(
      fc.property(fancyBets, (bets) => {
        expect(fancyExposurePaise(bets)).toBe(worstLoss(bruteFancyTotals(bets)));
      }),
    );
  });

  it('the run ladder gives every result its total, rows touching and starting at 0', () => {
    fc.assert(
      fc.property(fancyBets, (bets) => {
        const totals = bruteFancyTotals(bets);
        totals.forEach((total, result) => expect(fancyProfitLossAt(bets, result)).toBe(total));
        const rows = fancyBook(bets);
        expect(rows[0]?.fromRun).toBe(0);
        expect(rows.at(-1)?.toRun).toBeNull();
        rows.slice(1).forEach((row, index) => expect(row.fromRun).toBe((rows[index]?.toRun ?? Number.NaN) + 1));
      }),
    );
  });
});

describe('exposure properties', () => {
  const anyBook = fc.oneof(marketBets as fc.Arbitrary<Bet[]>, fancyBets as fc.Arbitrary<Bet[]>);

  it('is never negative and never more than the bets held one by one', () => {
    fc.assert(
      fc.property(anyBook, (bets) => {
        const exposure = exposurePaise(bets, RUNNER_IDS);
        expect(exposure).toBeGreaterThanOrEqual(0);
        expect(exposure).toBeLessThanOrEqual(bets.reduce((sum, bet) => sum + liabilityPaise(bet), 0));
      }),
    );
  });

  it('a bet and its exact opposite in whole rupees net to nothing, also on top of other bets', () => {
    const wholeBet = fc.oneof(marketBetArb(wholeRupeeStake) as fc.Arbitrary<Bet>, fancyBetArb(wholeRupeeStake));
    fc.assert(
      fc.property(wholeBet, (bet) => {
        expect(exposurePaise([bet, opposite(bet)], RUNNER_IDS)).toBe(0);
      }),
    );
    fc.assert(
      fc.property(marketBets, marketBetArb(wholeRupeeStake), (bets, bet) => {
        expect(exposurePaise([...bets, bet, opposite(bet)], RUNNER_IDS)).toBe(exposurePaise(bets, RUNNER_IDS));
      }),
    );
  });

  it('with stakes in paise the pair keeps at most 1 paise, the house rounding', () => {
    const anyBet = fc.oneof(marketBetArb(anyStake) as fc.Arbitrary<Bet>, fancyBetArb(anyStake));
    fc.assert(
      fc.property(anyBet, (bet) => {
        expect(exposurePaise([bet, opposite(bet)], RUNNER_IDS)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('the change a new bet causes is the exposure after minus before, and at most its own liability', () => {
    fc.assert(
      fc.property(marketBets, marketBetArb(anyStake), (bets, bet) => {
        const change = exposureChangePaise(bets, bet, RUNNER_IDS);
        expect(change).toBe(exposurePaise([...bets, bet], RUNNER_IDS) - exposurePaise(bets, RUNNER_IDS));
        expect(change).toBeLessThanOrEqual(liabilityPaise(bet));
      }),
    );
  });

  it('does not depend on the order of the bets', () => {
    fc.assert(
      fc.property(fancyBets, (bets) => {
        expect(fancyExposurePaise([...bets].reverse())).toBe(fancyExposurePaise(bets));
      }),
    );
  });
});

describe('netting examples', () => {
  const back: MarketBet = { kind: 'match_odds', selectionId: 11, isBack: true, odds: 200, stakePaise: 10_000 };

  it('a lay at the same price frees what the back holds', () => {
    expect(exposurePaise([back], RUNNER_IDS)).toBe(10_000);
    expect(exposureChangePaise([back], { ...back, isBack: false }, RUNNER_IDS)).toBe(-10_000);
  });

  it('backing every runner of a two-runner market at 2.0 holds nothing', () => {
    const other: MarketBet = { ...back, selectionId: 12 };
    expect(marketExposurePaise([back, other], [11, 12])).toBe(0);
    // Without the runner list a third runner could win and both backs lose.
    expect(marketExposurePaise([back, other])).toBe(20_000);
  });

  it('fancy Yes at 40 and No at 50 lose only between 40 and 49', () => {
    const yes: FancyBet = { kind: 'fancy', isBack: true, run: 40, size: 100, stakePaise: 10_000 };
    const no: FancyBet = { kind: 'fancy', isBack: false, run: 50, size: 100, stakePaise: 10_000 };
    expect(fancyBook([yes, no])).toEqual([
      { fromRun: 0, toRun: 39, profitLossPaise: 0 },
      { fromRun: 40, toRun: 49, profitLossPaise: 20_000 },
      { fromRun: 50, toRun: null, profitLossPaise: 0 },
    ]);
    expect(fancyExposurePaise([yes, no])).toBe(0);
    // The middle band is a win for Yes 40 / No 50; the reverse pair loses there.
    expect(fancyExposurePaise([opposite(yes), opposite(no)])).toBe(20_000);
  });

  it('refuses a market mixing fancy and runner bets', () => {
    const yes: FancyBet = { kind: 'fancy', isBack: true, run: 40, size: 100, stakePaise: 10_000 };
    expect(() => exposurePaise([back, yes])).toThrow(RangeError);
  });
});
