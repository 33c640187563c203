import { SPLIT_MIN_RELEASE_PAISE } from '@app/shared';

/**
 * The bonus release rules as pure arithmetic on integer paise (docs/wallet.md, "Bonus wallets").
 * The service applies the outcome to the ledger and the bonus rows.
 */

/** The share of a split bonus's remainder one step releases; a share under ₹1 releases it all. */
export function splitReleaseShare(remaining: number, shareBp: number): number {
  const share = Math.floor((remaining * shareBp) / 10_000);
  return share < SPLIT_MIN_RELEASE_PAISE ? remaining : share;
}

export interface SplitProgress {
  granted: number;
  remaining: number;
  turnover: number;
  releaseSteps: number;
  shareBp: number;
}

export interface SplitOutcome {
  turnover: number;
  releaseSteps: number;
  remaining: number;
  /** Paise that become cash now (sum of the shares of every step reached). */
  released: number;
  isCompleted: boolean;
  /** Turnover beyond what this bonus used, when it completed; it counts for the next bonus. */
  unusedTurnover: number;
}

/**
 * Split wallet: each time the settled turnover counted for the bonus reaches another multiple of
 * the granted amount, a share of what remains is released. Completed when nothing remains.
 */
export function applySplitTurnover(bonus: SplitProgress, addedTurnover: number): SplitOutcome {
  let { remaining, releaseSteps } = bonus;
  const turnover = bonus.turnover + addedTurnover;
  let released = 0;
  const stepsReached = Math.floor(turnover / bonus.granted);
  while (releaseSteps < stepsReached && remaining > 0) {
    const share = splitReleaseShare(remaining, bonus.shareBp);
    remaining -= share;
    released += share;
    releaseSteps += 1;
  }
  if (remaining > 0) return { turnover, releaseSteps, remaining, released, isCompleted: false, unusedTurnover: 0 };
  const used = releaseSteps * bonus.granted;
  return { turnover: used, releaseSteps, remaining, released, isCompleted: true, unusedTurnover: turnover - used };
}

/**
 * The wager wallet's money is one balance shared by the player's active wager bonuses. Later
 * bonuses are untouched until the oldest finishes, so each is backed first by up to its own
 * grant (newest first) and the oldest, the one being wagered, owns the rest: its wins and losses.
 */
export function allocateWagerWallet(
  bonusesOldestFirst: { id: number; granted: number }[],
  walletBalance: number,
): Map<number, number> {
  const allocation = new Map<number, number>();
  let left = walletBalance;
  for (let index = bonusesOldestFirst.length - 1; index >= 1; index -= 1) {
    const bonus = bonusesOldestFirst[index] as { id: number; granted: number };
    const backed = Math.min(bonus.granted, left);
    allocation.set(bonus.id, backed);
    left -= backed;
  }
  const oldest = bonusesOldestFirst[0];
  if (oldest) allocation.set(oldest.id, left);
  return allocation;
}
