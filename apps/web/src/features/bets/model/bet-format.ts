import { type BetRow, formatDecimalOdds, formatSignedAmount, formatSignedRupees } from '@app/shared';

/** A profit shows with its sign, so a loss and a win never look alike (docs/shell.md "Numbers"); under a "(₹)" heading. */
export function formatProfitLoss(amount: number): string {
  return formatSignedAmount(amount);
}

/** The same with ₹, where no "(₹)" heading says it: a runner's book, a run position. */
export function formatProfitLossRupees(amount: number): string {
  return formatSignedRupees(amount);
}

/**
 * The price of a bet as the slip showed it: odds, or run at size for a fancy line; and the price
 * it was settled at when a non-runner's reduction factor lowered it (docs/betting.md "Non-runners
 * and dead heats"): "5 → 4.38".
 */
export function betPrice(row: Pick<BetRow, 'odds' | 'run' | 'bet_type' | 'settled_odds'>): string {
  if (row.bet_type === 'F' && row.run !== null) return `${row.run} @ ${row.odds}`;
  const taken = formatDecimalOdds(row.odds);
  return row.settled_odds === undefined ? taken : `${taken} → ${formatDecimalOdds(row.settled_odds)}`;
}
