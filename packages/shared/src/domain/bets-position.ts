/**
 * A player's running position in one market: everything the book of their bets there needs,
 * kept as a sum that each new bet adds to, so pricing a bet never reads the bets before it
 * (docs/betting.md, "Running position"). The book (bets-book.ts) is built from the same sum, so
 * the position and the book cannot disagree.
 *
 * - `baseline`: the player's total when no step is reached — for a market, when none of the
 *   selections they bet on wins; for a fancy line, when the result is below every run they bet.
 * - `steps`: what the total moves by at each step — for a market, when that selection wins
 *   instead (backs on it turn from loss to win, lays the other way); for a fancy line, from that
 *   run on (Yes bets turn to wins, No bets to losses). A market has one step per runner bet on;
 *   a fancy line one per run on its ladder, whatever the number of bets.
 */
import { type Bet, winAndLoss } from './bets';

export interface BookPosition {
  baseline: number;
  /** Step key (a selection id, or a fancy run) → its amount, in paise. */
  steps: ReadonlyMap<number, number>;
}

/** What one bet adds to its market's position: to the baseline, and to one step. */
export interface PositionChange {
  baselineDelta: number;
  stepKey: number;
  stepDelta: number;
}

export const EMPTY_POSITION: BookPosition = { baseline: 0, steps: new Map() };

/**
 * A back (Yes) loses its liability below its step and wins its payout from it on: the baseline
 * falls by the loss and the step rises by win + loss. A lay (No) the other way round.
 */
export function positionChangeOf(bet: Bet): PositionChange {
  const { winPaise, lossPaise } = winAndLoss(bet);
  const stepKey = bet.kind === 'fancy' ? bet.run : bet.selectionId;
  return bet.isBack
    ? { baselineDelta: -lossPaise, stepKey, stepDelta: winPaise + lossPaise }
    : { baselineDelta: winPaise, stepKey, stepDelta: -(winPaise + lossPaise) };
}

export function applyPositionChange(position: BookPosition, change: PositionChange): BookPosition {
  const steps = new Map(position.steps);
  steps.set(change.stepKey, (steps.get(change.stepKey) ?? 0) + change.stepDelta);
  return { baseline: position.baseline + change.baselineDelta, steps };
}

/** The position of a set of bets of one market, summed from nothing. */
export function positionOf(bets: readonly Bet[]): BookPosition {
  let baseline = 0;
  const steps = new Map<number, number>();
  for (const bet of bets) {
    const change = positionChangeOf(bet);
    baseline += change.baselineDelta;
    steps.set(change.stepKey, (steps.get(change.stepKey) ?? 0) + change.stepDelta);
  }
  return { baseline, steps };
}

/**
 * Worst-case loss (≥ 0) of a match-odds or bookmaker position over the market's outcomes. An
 * outcome is a set of `winners` runners (1, or 2–3 for a racing Place market): the baseline plus
 * the step of each runner in it, so the worst set is the `winners` lowest steps. With `runnerIds`
 * (the market's full runner list) a runner nobody bet on counts as a step of 0; without it one
 * may always win. A void market returns stakes (0), which never raises the worst case.
 */
export function marketPositionExposure(position: BookPosition, runnerIds?: readonly number[], winners = 1): number {
  if (position.steps.size === 0) return 0;
  const steps = [...position.steps.values()];
  const unbetRunners = runnerIds === undefined ? winners : runnerIds.filter((id) => !position.steps.has(id)).length;
  for (let index = 0; index < Math.min(unbetRunners, winners); index += 1) steps.push(0);
  steps.sort((a, b) => a - b);
  const worst = Math.min(0, position.baseline + steps.slice(0, winners).reduce((sum, step) => sum + step, 0));
  return Math.max(0, -worst);
}

/** One rung of a fancy ladder: the total for every result from `fromRun` to `toRun` (null: and above). */
export interface FancyLadderRow {
  fromRun: number;
  toRun: number | null;
  profitLossPaise: number;
}

/** A fancy position as its ladder: results are whole runs from 0, so the rows start at 0 and at each step. */
export function fancyLadder(position: BookPosition): FancyLadderRow[] {
  const starts = [...new Set([0, ...position.steps.keys()])].sort((a, b) => a - b);
  let total = position.baseline;
  return starts.map((fromRun, index) => {
    total += position.steps.get(fromRun) ?? 0;
    const next = starts[index + 1];
    return { fromRun, toRun: next === undefined ? null : next - 1, profitLossPaise: total };
  });
}

/** Worst-case loss (≥ 0) of a fancy position over every result (the rungs are enough). */
export function fancyPositionExposure(position: BookPosition): number {
  let worst = 0;
  for (const row of fancyLadder(position)) worst = Math.min(worst, row.profitLossPaise);
  return Math.max(0, -worst);
}

/** The exposure of a position of either kind (`runnerIds` for a market's full runner list, `winners` it pays). */
export function positionExposure(kind: Bet['kind'], position: BookPosition, runnerIds?: readonly number[], winners = 1): number {
  return kind === 'fancy' ? fancyPositionExposure(position) : marketPositionExposure(position, runnerIds, winners);
}
