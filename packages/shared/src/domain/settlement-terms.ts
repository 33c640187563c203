/**
 * Betfair's settlement rules for a market with non-runners or a dead heat (docs/betting.md
 * "Non-runners and dead heats", with their source):
 *
 * - A runner withdrawn (REMOVED) is a non-runner: every bet on it is void.
 * - Its reduction (adjustment) factor f, in percent, lowers the price of every bet matched on
 *   the market's other runners before it was withdrawn: price × (1 − f/100). Several removals
 *   compound (the product of their factors). A factor under 2.5 % is not applied.
 * - More winners than the market pays (numberOfWinners) is a dead heat: the stake on a dead-heat
 *   winner is divided, the part that wins paid at the price and the rest lost.
 *
 * Amounts are paise, prices hundredths of decimal odds, all in integers; every rounding goes
 * toward the house, as everywhere else (docs/betting.md "Rounding").
 */
import { doesMarketBetWinAmong, type MarketBet, marketBetProfitLossAmong, MIN_MATCH_ODDS } from './bets';

/** A runner taken out of a market (a non-runner). */
export interface RunnerRemoval {
  selectionId: number;
  /** Betfair's adjustment factor in thousandths of a percent (7.14 % → 7140); 0 for a vacant trap. */
  factorMilli: number;
  /** When it was withdrawn (epoch ms). */
  removedAt: number;
}

/** How a market ended, with what changes the price of its bets. */
export interface MarketTerms {
  /** The runners that won (or were placed), in the feed's order. */
  winners: readonly number[];
  /** How many runners the market pays (1, or a Place market's 2 or 3). */
  places: number;
  removals: readonly RunnerRemoval[];
}

/** Betfair applies no reduction factor under 2.5 %. */
export const MIN_APPLIED_FACTOR_MILLI = 2_500;
const WHOLE_MILLI = 100_000n;

export interface MarketBetSettlement {
  status: 'won' | 'lost' | 'void';
  profitLoss: number;
  /** The price it was settled at when a reduction factor lowered it; null at its own price. */
  settledOdds: number | null;
}

/** The factors that apply to a bet placed at `placedAt` on `selectionId`: later removals of other runners, 2.5 % and up. */
export function appliedFactors(selectionId: number, placedAt: number, removals: readonly RunnerRemoval[]): number[] {
  return removals
    .filter(
      (removal) =>
        removal.selectionId !== selectionId && placedAt < removal.removedAt && removal.factorMilli >= MIN_APPLIED_FACTOR_MILLI,
    )
    .map((removal) => removal.factorMilli);
}

/**
 * The price after the factors (compounded), in hundredths: a back's rounded down and a lay's up
 * (toward the house), never below 1.01 nor above the price taken.
 */
export function reducedOdds(odds: number, isBack: boolean, factorsMilli: readonly number[]): number {
  if (factorsMilli.length === 0) return odds;
  let numerator = BigInt(odds);
  let denominator = 1n;
  for (const factor of factorsMilli) {
    numerator *= WHOLE_MILLI - BigInt(Math.min(Math.max(factor, 0), 100_000));
    denominator *= WHOLE_MILLI;
  }
  const quotient = numerator / denominator;
  const reduced = Number(isBack || numerator % denominator === 0n ? quotient : quotient + 1n);
  return Math.min(odds, Math.max(MIN_MATCH_ODDS, reduced));
}

// Exact integer division rounding down (toward the house for the player's signed amount).
function floorDiv(numerator: number, divisor: number): number {
  const remainder = ((numerator % divisor) + divisor) % divisor;
  return (numerator - remainder) / divisor + 0; // + 0: no −0 for a zero amount
}

/**
 * A dead-heat winner's profit: the stake divided into `winners` parts of which `places` win at
 * the price; the rest of a back's stake is lost, the rest of a lay's stake won. Rounded down.
 */
function deadHeatProfitLoss(bet: MarketBet, places: number, winners: number): number {
  // Back: s·(places·o − 100·winners) / (100·winners); a lay is the opposite.
  const backProfit = bet.stakePaise * (places * bet.odds - 100 * winners);
  return floorDiv(bet.isBack ? backProfit : 0 - backProfit, 100 * winners);
}

/**
 * One exchange bet (decimal odds) settled by Betfair's rules: void on a non-runner, at its
 * reduced price when a runner was withdrawn after it was placed, divided in a dead heat.
 */
export function settleMarketBetByTerms(bet: MarketBet, placedAt: number, terms: MarketTerms): MarketBetSettlement {
  if (terms.removals.some((removal) => removal.selectionId === bet.selectionId)) {
    return { status: 'void', profitLoss: 0, settledOdds: null };
  }
  const factors = bet.kind === 'match_odds' ? appliedFactors(bet.selectionId, placedAt, terms.removals) : [];
  const odds = reducedOdds(bet.odds, bet.isBack, factors);
  const priced: MarketBet = { ...bet, odds };
  const settledOdds = odds === bet.odds ? null : odds;
  const isDeadHeat = terms.winners.length > terms.places && bet.kind === 'match_odds';
  if (isDeadHeat && terms.winners.includes(bet.selectionId)) {
    const profitLoss = deadHeatProfitLoss(priced, terms.places, terms.winners.length);
    return { status: profitLoss >= 0 ? 'won' : 'lost', profitLoss, settledOdds };
  }
  return {
    status: doesMarketBetWinAmong(priced, terms.winners) ? 'won' : 'lost',
    profitLoss: marketBetProfitLossAmong(priced, terms.winners),
    settledOdds,
  };
}
