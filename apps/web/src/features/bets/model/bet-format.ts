import { type BetRow, formatAmount, formatDecimalOdds } from '@app/shared';

/** A profit shows with its sign, so a loss and a win never look alike (docs/shell.md "Numbers"). */
export function formatProfitLoss(amount: number): string {
  const text = formatAmount(Math.abs(amount));
  return amount > 0 ? `+${text}` : amount < 0 ? `−${text}` : text;
}

/** The price of a bet as the slip showed it: odds, or run at size for a fancy line. */
export function betPrice(row: Pick<BetRow, 'odds' | 'run' | 'bet_type'>): string {
  return row.bet_type === 'F' && row.run !== null ? `${row.run} @ ${row.odds}` : formatDecimalOdds(row.odds);
}
