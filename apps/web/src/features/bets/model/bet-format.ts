import type { BetRow } from '@app/shared';

/** Rupees with Indian digit grouping and two decimals (spec §9). */
export function formatRupeeAmount(amount: number, language = 'en'): string {
  return new Intl.NumberFormat(`${language}-IN`, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}

/** A profit shows with its sign, so a loss and a win never look alike. */
export function formatProfitLoss(amount: number, language = 'en'): string {
  const text = formatRupeeAmount(Math.abs(amount), language);
  return amount > 0 ? `+${text}` : amount < 0 ? `−${text}` : text;
}

/** The price of a bet as the slip showed it: odds, or run at size for a fancy line. */
export function betPrice(row: Pick<BetRow, 'odds' | 'run' | 'bet_type'>): string {
  return row.bet_type === 'F' && row.run !== null ? `${row.run} @ ${row.odds}` : row.odds.toFixed(2).replace(/\.00$/, '');
}
