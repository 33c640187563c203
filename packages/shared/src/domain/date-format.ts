/**
 * One way to write a moment, a date and a time for the whole product (docs/shell.md "Dates and
 * times"): the player's language with Latin digits and India's conventions (`7 Dec 2026, 5:35 pm`,
 * `7 दिस॰ 2026`, `5:35 pm`), in the player's time zone. The site, the console and the API's
 * refusals all write through here; none shows UTC to a player.
 */
import { latinDigitsLocale } from './number-format';
import { knownTimeZone } from './sports-display';

const PARTS = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
  timeWithSeconds: { timeStyle: 'medium' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateParts = keyof typeof PARTS;

/** Formats are made once per locale, zone and parts (making one costs tens of microseconds). */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(language: string, timeZone: string | undefined, parts: DateParts): Intl.DateTimeFormat {
  const key = `${language}|${timeZone ?? ''}|${parts}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(latinDigitsLocale(language), { timeZone, ...PARTS[parts] });
    formats.set(key, format);
  }
  return format;
}

/** A moment as epoch ms, a Date or an ISO text; anything unreadable is written as it came. */
function toDate(moment: number | string | Date): Date | null {
  const date = moment instanceof Date ? moment : new Date(moment);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * `moment` in `language` and `timeZone` (undefined: the runtime's own zone, the browser's on the
 * site). `parts`: the date and the time (default), the date, the time, or the time to the second.
 */
export function formatMoment(
  moment: number | string | Date,
  language: string,
  options: { timeZone?: string; parts?: DateParts } = {},
): string {
  const date = toDate(moment);
  if (!date) return String(moment);
  return formatOf(language, options.timeZone, options.parts ?? 'dateTime').format(date);
}

/** A calendar day (`2026-12-07`, e.g. a document's date) as `7 Dec 2026`, the same day in every zone. */
export function formatCalendarDay(isoDay: string, language: string): string {
  return formatMoment(`${isoDay.slice(0, 10)}T00:00:00Z`, language, { timeZone: 'UTC', parts: 'date' });
}

/**
 * The player's time zone from the `tz` cookie the site sets beside `lang` (lib/i18n.ts), so the
 * server writes times as the player's browser would; an unknown or missing zone: undefined.
 */
export function timeZoneFromCookie(cookieHeader: string | undefined): string | undefined {
  const match = /(?:^|;\s*)tz=([^;]{1,100})/.exec(cookieHeader ?? '');
  if (!match?.[1]) return undefined;
  try {
    return knownTimeZone(decodeURIComponent(match[1]));
  } catch {
    return undefined;
  }
}
