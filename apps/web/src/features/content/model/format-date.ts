import { formatCalendarDay } from '@app/shared';

/** A document's date (a calendar day) as the site writes dates (docs/shell.md "Dates and times"): `21 Nov 2026`. */
export function formatUpdatedDate(isoDate: string, language: string): string {
  return formatCalendarDay(isoDate, language);
}
