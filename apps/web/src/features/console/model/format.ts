import { formatMoment, formatRupees } from '@app/shared';
import i18next from 'i18next';

/*
 * The console's cells over the site's one number and date format (@app/shared, docs/shell.md
 * "Numbers", "Dates and times"): the same text as the site's, with a dash for a missing value.
 */

/** Rupees as the console shows them: ₹1,234.50. */
export function rupees(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : formatRupees(value);
}

/**
 * An ISO time as the site writes it (docs/shell.md "Dates and times"), in the operator's language
 * and zone: `7 Dec 2026, 5:35 pm`; CSV keeps the ISO text.
 */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return formatMoment(iso, i18next.resolvedLanguage ?? i18next.language ?? 'en');
}

/** A percentage to one decimal, or a dash. */
export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${value.toFixed(1)}%`;
}
