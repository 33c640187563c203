import { type BetRow, formatAmount, formatDecimalOdds } from '@app/shared';

/** A profit shows with its sign, so a loss and a win never look alike (docs/shell.md "Numbers"). */
export function formatProfitLoss(amount: number): string {
  const text = formatAmount(Math.abs(amount));
  return amount > 0 ? `+${text}` : amount < 0 ? `−${text}` : text;
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
