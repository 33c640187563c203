import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MarketBet } from './bets';
import { marketProfitLossIfWins } from './bets-book';
import {
  type CashOutKind,
  type CashOutRunner,
  cashOutTolerancePaise,
  decimalHundredths,
  exactCashOutValue,
  legBet,
  quoteCashOut,
  shareOfLegs,
  totalsAfterLegs,
} from './cash-out';
import { ODDS_LADDER, oddsLadderFloor } from './sports-odds';

/**
 * After a full cash out (docs/betting.md, "Cash out") the player's profit is the same whichever
 * runner wins, within the tolerance docs/betting.md states, and never above what the prices on
 * offer allow.
 */
const RUNNER_IDS = [11, 12, 13, 14, 15, 16];

/**
 * Prices as an exchange or a bookmaker offers them: from each runner's chance p, a back at or below
 * 1/(p·m) and a lay at or above m/p on the ladder (m ≥ 1 the margin), so no set of bets wins on every
 * runner (the backs' chances add up to at least 1, the lays' to at most 1).
 */
function pricesFrom(kind: CashOutKind, chances: number[], margin: number): { back: number; lay: number }[] | null {
  const total = chances.reduce((sum, chance) => sum + chance, 0);
  const prices = chances.map((chance) => {
    const p = chance / total;
    const back = oddsLadderFloor(Math.min(100_000, Math.max(101, Math.floor(100 / (p * margin)))));
    let lay = ODDS_LADDER.find((odds) => odds >= (100 * margin) / p) ?? 100_000;
    if (lay <= back) lay = ODDS_LADDER[Math.min(ODDS_LADDER.length - 1, ODDS_LADDER.indexOf(back) + 1)]!;
    return kind === 'bookmaker' ? { back: back - 100, lay: lay - 100 } : { back, lay };
  });
  const backs = prices.reduce((sum, price) => sum + 100 / decimalHundredths(kind, price.back), 0);
  const lays = prices.reduce((sum, price) => sum + 100 / decimalHundredths(kind, price.lay), 0);
  const isFair = prices.every((price) => price.back >= 1 && price.lay > price.back) && backs >= 1 && lays <= 1;
  return isFair ? prices : null;
}

/** A market, the player's bets in it (whole rupees or paise, backs and lays) and the prices now. */
const scenario = fc
  .record({
    kind: fc.constantFrom<CashOutKind>('match_odds', 'bookmaker'),
    runnerCount: fc.integer({ min: 2, max: RUNNER_IDS.length }),
    chances: fc.array(fc.double({ min: 0.001, max: 1, noNaN: true }), {
      minLength: RUNNER_IDS.length,
      maxLength: RUNNER_IDS.length,
    }),
    margin: fc.double({ min: 1, max: 1.15, noNaN: true }),
    bets: fc.array(
      fc.record({
        runner: fc.nat({ max: RUNNER_IDS.length - 1 }),
        isBack: fc.boolean(),
        odds: fc.constantFrom(...ODDS_LADDER.filter((odds) => odds <= 2_000)),
        stakePaise: fc.oneof(
          fc.integer({ min: 1, max: 100_000 }).map((rupees) => rupees * 100),
          fc.integer({ min: 1, max: 10_000_000 }),
        ),
      }),
      { minLength: 1, maxLength: 8 },
    ),
  })
  .map(({ kind, runnerCount, chances, margin, bets }) => {
    const ids = RUNNER_IDS.slice(0, runnerCount);
    const prices = pricesFrom(kind, chances.slice(0, runnerCount), margin);
    const modelBets: MarketBet[] = bets.map((bet) => ({
      kind,
      selectionId: ids[bet.runner % runnerCount]!,
      isBack: bet.isBack,
      odds: kind === 'bookmaker' ? bet.odds - 100 : bet.odds,
      stakePaise: bet.stakePaise,
    }));
    const runners: CashOutRunner[] | null =
      prices &&
      ids.map((selectionId, index) => ({
        selectionId,
        profitLossPaise: marketProfitLossIfWins(modelBets, selectionId),
        back: prices[index]!.back,
        lay: prices[index]!.lay,
      }));
    return { kind, bets: modelBets, runners };
  })
  .filter((item): item is { kind: CashOutKind; bets: MarketBet[]; runners: CashOutRunner[] } => item.runners !== null);

describe('a full cash out', () => {
  it('leaves the same profit on every runner, within the tolerance, settling every bet one by one', () => {
    fc.assert(
      fc.property(scenario, ({ kind, bets, runners }) => {
        const quote = quoteCashOut(kind, runners);
        expect(quote).not.toBeNull();
        const all = [...bets, ...quote!.legs.map((leg) => legBet(kind, leg))];
        // Brute force: every bet, the legs included, settled on its own for each winner.
        const settled = runners.map((runner) => marketProfitLossIfWins(all, runner.selectionId));
        expect(settled).toEqual(quote!.after);
        expect(totalsAfterLegs(kind, runners, quote!.legs)).toEqual(settled);
        expect(Math.max(...settled) - Math.min(...settled)).toBeLessThanOrEqual(cashOutTolerancePaise(kind, runners));
        expect(quote!.valuePaise).toBe(Math.min(...settled));
      }),
      { numRuns: 1_000 },
    );
  });

  it('is never above what the prices allow, and costs at most the tolerance below it', () => {
    fc.assert(
      fc.property(scenario, ({ kind, runners }) => {
        const quote = quoteCashOut(kind, runners)!;
        const exact = exactCashOutValue(kind, runners)!;
        const tolerance = cashOutTolerancePaise(kind, runners);
        expect(quote.valuePaise).toBeLessThanOrEqual(exact + 1e-6);
        expect(quote.valuePaise).toBeGreaterThanOrEqual(exact - tolerance);
        // Never worse than keeping the bets and the worst runner winning (exposure does not grow).
        expect(quote.valuePaise).toBeGreaterThanOrEqual(Math.min(...runners.map((runner) => runner.profitLossPaise)) - tolerance);
      }),
      { numRuns: 1_000 },
    );
  });

  it('is at least as good as any other hedge at these prices (a grid of backs and lays)', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.array(fc.record({ runner: fc.nat(), isBack: fc.boolean(), stakePaise: fc.integer({ min: 1, max: 50_000_000 }) }), {
          maxLength: 4,
        }),
        ({ kind, runners }, other) => {
          const quote = quoteCashOut(kind, runners)!;
          const legs = other.map((leg) => {
            const runner = runners[leg.runner % runners.length]!;
            return {
              selectionId: runner.selectionId,
              isBack: leg.isBack,
              odds: leg.isBack ? runner.back! : runner.lay!,
              stakePaise: leg.stakePaise,
            };
          });
          const worst = Math.min(...totalsAfterLegs(kind, runners, legs));
          expect(worst).toBeLessThanOrEqual(exactCashOutValue(kind, runners)! + 1e-6);
          expect(worst).toBeLessThanOrEqual(quote.valuePaise + cashOutTolerancePaise(kind, runners));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('bets only at the best prices on offer, one leg at most per runner', () => {
    fc.assert(
      fc.property(scenario, ({ kind, runners }) => {
        const quote = quoteCashOut(kind, runners)!;
        const seen = new Set<number>();
        for (const leg of quote.legs) {
          const runner = runners.find((item) => item.selectionId === leg.selectionId)!;
          expect(leg.odds).toBe(leg.isBack ? runner.back : runner.lay);
          expect(Number.isSafeInteger(leg.stakePaise) && leg.stakePaise > 0).toBe(true);
          expect(seen.has(leg.selectionId)).toBe(false);
          seen.add(leg.selectionId);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('a partial cash out', () => {
  it('bets the share of each leg, rounded down; the whole share is the full cash out', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 1, max: 100 }), ({ kind, runners }, share) => {
        const quote = quoteCashOut(kind, runners)!;
        expect(shareOfLegs(quote.legs, 100)).toEqual(quote.legs);
        const part = shareOfLegs(quote.legs, share);
        for (const leg of part) {
          const full = quote.legs.find((item) => item.selectionId === leg.selectionId)!;
          expect(leg.stakePaise).toBe(Math.floor((full.stakePaise * share) / 100));
        }
        // Each runner's total moves the share of the way to the flat value (give or take the rounding).
        const after = totalsAfterLegs(kind, runners, part);
        runners.forEach((runner, index) => {
          const aim = runner.profitLossPaise + ((quote.after[index]! - runner.profitLossPaise) * share) / 100;
          expect(Math.abs(after[index]! - aim)).toBeLessThanOrEqual(
            runners.length * (cashOutTolerancePaise(kind, runners) + 1) + quote.legs.length,
          );
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('the worked example of docs/betting.md', () => {
  it('backs India ₹1,000 at 2.00, then cashes out at back 1.50 / lay 1.52 and Australia 2.90 / 3.00', () => {
    const runners: CashOutRunner[] = [
      { selectionId: 1, profitLossPaise: 100_000, back: 150, lay: 152 },
      { selectionId: 2, profitLossPaise: -100_000, back: 290, lay: 300 },
    ];
    const quote = quoteCashOut('match_odds', runners)!;
    expect(quote.legs).toEqual([{ selectionId: 1, isBack: false, odds: 152, stakePaise: 131_579 }]);
    // India wins: 1,000.00 − 684.22 (the lay's liability, rounded up) = 315.78; Australia wins:
    // −1,000.00 + 1,315.79 (the lay's stake won) = 315.79.
    expect(quote.after).toEqual([31_578, 31_579]);
    expect(quote.valuePaise).toBe(31_578);
    expect(exactCashOutValue('match_odds', runners)).toBeCloseTo(31_578.95, 2);
  });

  it('flattens a bookmaker book at rates per 100', () => {
    const runners: CashOutRunner[] = [
      { selectionId: 1, profitLossPaise: 85_000, back: 40, lay: 42 },
      { selectionId: 2, profitLossPaise: -100_000, back: 230, lay: 240 },
    ];
    const quote = quoteCashOut('bookmaker', runners)!;
    expect(Math.max(...quote.after) - Math.min(...quote.after)).toBeLessThanOrEqual(1);
    expect(
      quote.legs.every((leg) => (leg.isBack ? leg.odds === 40 || leg.odds === 230 : leg.odds === 42 || leg.odds === 240)),
    ).toBe(true);
  });
});

describe('when cash out is not offered', () => {
  it('answers null when a runner has no back or no lay price', () => {
    expect(
      quoteCashOut('match_odds', [
        { selectionId: 1, profitLossPaise: 100, back: 200, lay: null },
        { selectionId: 2, profitLossPaise: -100, back: 200, lay: 210 },
      ]),
    ).toBeNull();
    expect(quoteCashOut('match_odds', [])).toBeNull();
  });

  it('needs no leg for a book that is already flat', () => {
    const quote = quoteCashOut('match_odds', [
      { selectionId: 1, profitLossPaise: -500, back: 180, lay: 182 },
      { selectionId: 2, profitLossPaise: -500, back: 220, lay: 224 },
    ]);
    expect(quote).toEqual({ valuePaise: -500, legs: [], after: [-500, -500] });
    // What a cash out leaves (level within a paisa) is not cashed out again.
    const after = quoteCashOut('match_odds', [
      { selectionId: 1, profitLossPaise: 31_578, back: 150, lay: 152 },
      { selectionId: 2, profitLossPaise: 31_579, back: 290, lay: 300 },
    ]);
    expect(after).toEqual({ valuePaise: 31_578, legs: [], after: [31_578, 31_579] });
  });
});
