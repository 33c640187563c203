import { formatRupees, latinDigitsLocale } from '@app/shared';

/** A moment in the player's language with Latin digits (docs/shell.md "Numbers"): `12 Jan 2027, 14:05`. */
export function formatMoment(epochMs: number, language: string): string {
  return new Intl.DateTimeFormat(latinDigitsLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(epochMs),
  );
}

/** A net result with its sign: `+₹250.00`, `−₹120.00`, `₹0.00`. */
export function formatSignedRupees(rupees: number): string {
  if (rupees > 0) return `+${formatRupees(rupees)}`;
  if (rupees < 0) return `−${formatRupees(-rupees)}`;
  return formatRupees(0);
}
