import { formatMoment as formatSharedMoment, formatSignedRupees as formatSharedSignedRupees } from '@app/shared';

/** A moment as the site writes it (docs/shell.md "Dates and times"): `12 Jan 2027, 2:05 pm`. */
export function formatMoment(epochMs: number, language: string): string {
  return formatSharedMoment(epochMs, language);
}

/** A net result with its sign: `+₹250.00`, `−₹120.00`, `₹0.00`. */
export const formatSignedRupees = formatSharedSignedRupees;
