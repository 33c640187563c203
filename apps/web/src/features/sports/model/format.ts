import { formatCompactNumber, formatDecimalOdds } from '@app/shared';

/** Decimal odds as the exchange shows them: 1.5, 2.02, 120 (the site's one number format, docs/shell.md). */
export const formatOdds = formatDecimalOdds;

/** Liquidity in rupees, compact (1.2K). */
export function formatSize(rupees: number): string {
  return formatCompactNumber(rupees);
}

/** Start time in the player's language and the browser's time zone (the server paints it the same way). */
export { formatStart } from '@app/shared';
