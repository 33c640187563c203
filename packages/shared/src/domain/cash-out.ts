/**
 * Cash out (docs/betting.md "Cash out"): the hedge, at the best prices on offer now, that leaves a
 * player's position in a match-odds or bookmaker market with the same profit whichever runner
 * wins. Pure and shared: the server prices and places it, the site shows the same value live.
 *
 * Let P_k be the player's total if runner k wins (paise), and B_k, L_k the best back and lay as
 * decimal odds. Backing k with stake x adds x·B_k − x to P_k and −x to every other runner; laying
 * it with stake y adds −y·L_k + y and +y. With X, Y the sums of the back and lay stakes, the total
 * if k wins is F_k = P_k + x_k·B_k − y_k·L_k + (Y − X). To make every F_k equal, pick a level T and
 * back each runner below it (x_k = (T − P_k)/B_k) and lay each above it (y_k = (P_k − T)/L_k): then
 * F_k = T + Y − X = V(T) for every k. V(T) is concave and piecewise linear in T: its slope,
 * 1 − Σ_{P_k>T} 1/L_k − Σ_{P_k<T} 1/B_k, falls by 1/B_k − 1/L_k > 0 as T passes each P_k (a back is
 * always shorter than the lay), so the best level is one of the P_k, and that runner needs no bet.
 *
 * Stakes are whole paise and each bet's win rounds down, its liability up (bets.ts), so the flat
 * book is reached only to within a few paise; see `quoteCashOut` for the rounding.
 */
import { MAX_STAKE_PAISE, type MarketBet } from './bets';
import { positionChangeOf } from './bets-position';

export type CashOutKind = 'match_odds' | 'bookmaker';

export interface CashOutRunner {
  selectionId: number;
  /** The player's total if this runner wins, in paise (the win/loss list's row). */
  profitLossPaise: number;
  /** Best back and lay on offer now, as bets carry them: hundredths of decimal odds, or the per-100 rate. */
  back: number | null;
  lay: number | null;
}

export interface CashOutLeg {
  selectionId: number;
  isBack: boolean;
  /** Hundredths of decimal odds, or the per-100 rate (the model's odds, as `MarketBet`). */
  odds: number;
  stakePaise: number;
}

export interface CashOutQuote {
  /** The profit locked in whichever runner wins: the least of the totals after the legs (paise). */
  valuePaise: number;
  legs: CashOutLeg[];
  /** The total if each runner wins after the legs, in the runners' order (paise). */
  after: number[];
}

/** How far from the best level the rounding may look for a flatter book (paise of level). */
const LEVEL_SEARCH_PAISE = 200;
/** A book whose totals differ by at most this is flat (the wire shows rupees with two decimals). */
export const CASH_OUT_FLAT_PAISE = 1;

/** A price as decimal odds in hundredths: match odds are already; a bookmaker rate r pays r per 100 over the stake. */
export function decimalHundredths(kind: CashOutKind, odds: number): number {
  return kind === 'bookmaker' ? 100 + odds : odds;
}

/**
 * The most the totals after a full cash out can differ, in paise, for these prices (docs/betting.md):
 * a runner's total moves in steps of at most ⌈D/100⌉ paise (D its decimal odds in hundredths), and
 * the rounding keeps every total within one step below the level.
 */
export function cashOutTolerancePaise(kind: CashOutKind, runners: readonly CashOutRunner[]): number {
  let widest = 0;
  for (const runner of runners) {
    for (const price of [runner.back, runner.lay]) {
      if (price !== null) widest = Math.max(widest, Math.ceil(decimalHundredths(kind, price) / 100) - 1);
    }
  }
  return Math.max(CASH_OUT_FLAT_PAISE, widest);
}

/** The flat value of level T with real stakes (paise): what the prices allow, before any rounding. */
function exactValueAt(level: number, runners: readonly Priced[]): number {
  let value = level;
  for (const runner of runners) {
    if (runner.total > level) value += ((runner.total - level) * 100) / runner.lay;
    else if (runner.total < level) value -= ((level - runner.total) * 100) / runner.back;
  }
  return value;
}

/** A runner with both prices as decimal hundredths. */
interface Priced {
  selectionId: number;
  total: number;
  back: number;
  lay: number;
  backOdds: number;
  layOdds: number;
}

/** Every runner with both prices, or null when one lacks a price (cash out is not offered). */
function pricedRunners(kind: CashOutKind, runners: readonly CashOutRunner[]): Priced[] | null {
  if (runners.length === 0) return null;
  const priced: Priced[] = [];
  for (const runner of runners) {
    if (runner.back === null || runner.lay === null) return null;
    priced.push({
      selectionId: runner.selectionId,
      total: runner.profitLossPaise,
      back: decimalHundredths(kind, runner.back),
      lay: decimalHundredths(kind, runner.lay),
      backOdds: runner.back,
      layOdds: runner.lay,
    });
  }
  return priced;
}

interface Candidate {
  valuePaise: number;
  spread: number;
  legs: CashOutLeg[];
  after: number[];
}

/**
 * Whole-paise stakes for level H. Each runner is brought to the highest total it can reach that is
 * not above H: a back of x paise at decimal D adds ⌊x·D/100⌋ to its own total (its rounded win plus
 * the stake the others lose), a lay of y paise takes ⌈y·D/100⌉ off it. The other runners all move by
 * the same Y − X, so only these per-runner totals decide how flat the book is.
 */
function stakesAt(level: number, runners: readonly Priced[]): Candidate | null {
  let backs = 0;
  let lays = 0;
  const own: number[] = [];
  const legs: CashOutLeg[] = [];
  for (const runner of runners) {
    const gap = level - runner.total;
    if (gap > 0) {
      const stake = Math.floor((100 * (gap + 1) - 1) / runner.back);
      own.push(runner.total + Math.floor((stake * runner.back) / 100));
      if (stake > 0) legs.push({ selectionId: runner.selectionId, isBack: true, odds: runner.backOdds, stakePaise: stake });
      backs += stake;
    } else if (gap < 0) {
      const stake = Math.floor((100 * (-gap - 1)) / runner.lay) + 1;
      own.push(runner.total - Math.ceil((stake * runner.lay) / 100));
      legs.push({ selectionId: runner.selectionId, isBack: false, odds: runner.layOdds, stakePaise: stake });
      lays += stake;
    } else {
      own.push(runner.total);
    }
  }
  if (legs.some((leg) => leg.stakePaise > MAX_STAKE_PAISE)) return null;
  const after = own.map((total) => total + lays - backs);
  const low = Math.min(...after);
  return { valuePaise: low, spread: Math.max(...after) - low, legs, after };
}

/** `floor`: the least value within the tolerance of what the prices allow; a flatter book never buys a worse one. */
function isBetter(candidate: Candidate, best: Candidate | null, floor: number): boolean {
  if (!best) return true;
  const isGood = candidate.valuePaise >= floor;
  const wasGood = best.valuePaise >= floor;
  if (isGood !== wasGood) return isGood;
  const isFlat = candidate.spread <= CASH_OUT_FLAT_PAISE;
  const wasFlat = best.spread <= CASH_OUT_FLAT_PAISE;
  if (isFlat !== wasFlat) return isFlat;
  if (!isFlat && candidate.spread !== best.spread) return candidate.spread < best.spread;
  return candidate.valuePaise > best.valuePaise;
}

/**
 * The full cash out of a position at these prices, or null when it cannot be offered (a runner
 * without a back or a lay price). Rounding: the best level T is found exactly; then whole-paise
 * stakes are chosen for integer levels H near it (T first, then T ∓ 1, T ∓ 2, …), each runner's
 * total at most H, and the nearest level whose totals differ by at most 1 paise is taken (else the
 * flattest within 200 paise), never one whose value falls more than the tolerance below the exact one. The value is the lowest total: never more than the prices allow,
 * and every runner pays at least it. A book already level within 1 paise needs no leg.
 */
export function quoteCashOut(kind: CashOutKind, runners: readonly CashOutRunner[]): CashOutQuote | null {
  const priced = pricedRunners(kind, runners);
  if (!priced) return null;
  const totals = priced.map((runner) => runner.total);
  // Already level (a cash out done, or bets that happen to balance): nothing to bet.
  if (Math.max(...totals) - Math.min(...totals) <= CASH_OUT_FLAT_PAISE)
    return { valuePaise: Math.min(...totals), legs: [], after: totals };
  let bestLevel = priced[0]!.total;
  let bestValue = -Infinity;
  for (const runner of priced) {
    const value = exactValueAt(runner.total, priced);
    if (value > bestValue) {
      bestValue = value;
      bestLevel = runner.total;
    }
  }
  const floor = Math.ceil(bestValue - cashOutTolerancePaise(kind, runners));
  let best: Candidate | null = null;
  for (let distance = 0; distance <= LEVEL_SEARCH_PAISE; distance += 1) {
    for (const level of distance === 0 ? [bestLevel] : [bestLevel - distance, bestLevel + distance]) {
      const candidate = stakesAt(level, priced);
      if (candidate && isBetter(candidate, best, floor)) best = candidate;
    }
    if (best && best.spread <= CASH_OUT_FLAT_PAISE && best.valuePaise >= floor) break;
  }
  return best && { valuePaise: best.valuePaise, legs: best.legs, after: best.after };
}

/** The legs of a partial cash out: each stake times the share (hundredths, 1–100), rounded down; empty legs dropped. */
export function shareOfLegs(legs: readonly CashOutLeg[], shareHundredths: number): CashOutLeg[] {
  return legs
    .map((leg) => ({ ...leg, stakePaise: Math.floor((leg.stakePaise * shareHundredths) / 100) }))
    .filter((leg) => leg.stakePaise > 0);
}

/** A leg as the model's bet. */
export function legBet(kind: CashOutKind, leg: CashOutLeg): MarketBet {
  return { kind, selectionId: leg.selectionId, isBack: leg.isBack, odds: leg.odds, stakePaise: leg.stakePaise };
}

/** The totals if each runner wins after the legs are placed, exactly as settlement pays each bet. */
export function totalsAfterLegs(kind: CashOutKind, runners: readonly CashOutRunner[], legs: readonly CashOutLeg[]): number[] {
  let shift = 0;
  const steps = new Map<number, number>();
  for (const leg of legs) {
    const change = positionChangeOf(legBet(kind, leg));
    shift += change.baselineDelta;
    steps.set(change.stepKey, (steps.get(change.stepKey) ?? 0) + change.stepDelta);
  }
  return runners.map((runner) => runner.profitLossPaise + shift + (steps.get(runner.selectionId) ?? 0));
}

/** The best flat value the prices allow with real (unrounded) stakes, in paise; for tests and the docs. */
export function exactCashOutValue(kind: CashOutKind, runners: readonly CashOutRunner[]): number | null {
  const priced = pricedRunners(kind, runners);
  return priced && Math.max(...priced.map((runner) => exactValueAt(runner.total, priced)));
}
