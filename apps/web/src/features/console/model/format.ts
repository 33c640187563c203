import { formatMoment, formatRupees } from '@app/shared';
import i18next from 'i18next';

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

/** Today as YYYY-MM-DD in the operator's time zone, and the day `days` before it. */
export function isoDay(daysBack = 0, now = new Date()): string {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const dayOfMonth = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${dayOfMonth}`;
}
