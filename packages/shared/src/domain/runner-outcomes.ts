/**
 * What the player's book says for each runner of a market, when several runners may win together
 * (docs/betting.md "The book and exposure"): a race's Place market pays 2 or 3 runners, so "if this
 * runner places" is not one total, it depends on which others place with it. For every runner the
 * worst and best total if it wins (places) and if it does not. With one winner (match odds,
 * bookmaker, a Win market) the "if it wins" figures are one exact total, the runner book itself.
 */
import type { BookPosition } from './bets-position';

export interface RunnerOutcome {
  selectionId: number;
  /** The player's total (paise) if this runner wins or places, at worst and at best over the others that place with it. */
  ifWinsWorst: number;
  ifWinsBest: number;
  /**
   * The player's total if this runner does not win or place, at worst and at best over the runners
   * that do; null when it cannot lose (a market paying as many runners as it has).
   */
  ifLosesWorst: number | null;
  ifLosesBest: number | null;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * A runner's swing is its step of the position (0 when nobody bet on it); an outcome's total is
 * the baseline plus the swings of the `winners` runners in it. So the worst set containing runner
 * k is k's swing plus the `winners − 1` lowest swings of the others, the best the highest; without
 * k, the `winners` lowest or highest of the others. `runnerIds` is the market's full runner list
 * (a selection bet on but not in it, a runner taken out, still counts as one of the runners).
 */
export function runnerOutcomes(position: BookPosition, runnerIds: readonly number[], winners = 1): RunnerOutcome[] {
  const ids = [...new Set([...runnerIds, ...position.steps.keys()])];
  const paid = Math.max(1, Math.min(winners, ids.length));
  const swings = ids.map((id) => position.steps.get(id) ?? 0);
  return runnerIds.map((selectionId) => {
    const index = ids.indexOf(selectionId);
    const own = swings[index] ?? 0;
    const others = swings.filter((_, at) => at !== index).sort((a, b) => a - b);
    const lowest = (count: number) => sum(others.slice(0, count));
    const highest = (count: number) => sum(others.slice(others.length - count));
    const canLose = others.length >= paid;
    return {
      selectionId,
      ifWinsWorst: position.baseline + own + lowest(paid - 1),
      ifWinsBest: position.baseline + own + highest(paid - 1),
      ifLosesWorst: canLose ? position.baseline + lowest(paid) : null,
      ifLosesBest: canLose ? position.baseline + highest(paid) : null,
    };
  });
}
