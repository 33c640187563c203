import { formatCompactNumber, formatDecimalOdds, latinDigitsLocale } from '@app/shared';

/** Decimal odds as the exchange shows them: 1.5, 2.02, 120 (the site's one number format, docs/shell.md). */
export const formatOdds = formatDecimalOdds;

/** Liquidity in rupees, compact (1.2K). */
export function formatSize(rupees: number): string {
  return formatCompactNumber(rupees);
}

/** Start time in the player's language and time zone. */
export function formatStart(iso: string, language: string): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(
    latinDigitsLocale(language),
    sameDay ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  ).format(date);
}
