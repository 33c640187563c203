/**
 * How a sports list or match shows its runners, states and start times: shared by the site's
 * pages and the server, which paints a sports page's first screen with them (docs/shell.md
 * "Speed"), so both print the same text.
 */
import type { MarketStatus } from '../api/markets';
import type { ClosedBy } from '../api/sports';
import { latinDigitsLocale } from './number-format';

/** A draw runner as feeds name it ("The Draw", "Draw"). */
const DRAW_NAME = /^(the\s+)?draw$/i;

/**
 * The heading over each runner's prices in a list row, as exchanges print them: 1 and 2 for the
 * sides in the feed's order and X for the draw (two or three runners); a field of more (a race)
 * is labelled by the runners' names.
 */
export function runnerLabels(runners: readonly { name: string }[]): string[] {
  if (runners.length > 3) return runners.map((runner) => runner.name);
  let side = 0;
  return runners.map((runner) => (DRAW_NAME.test(runner.name.trim()) ? 'X' : String((side += 1))));
}

/** The translation key of a market's or line's state: who closed it, else its status. */
export function marketStateKey(status: MarketStatus, closedBy?: ClosedBy): string {
  return closedBy ? `marketState.${closedBy}` : `sports.status.${status}`;
}

/**
 * A time zone the platform's Intl knows, by its canonical name (`asia/kolkata` and `Asia/Kolkata`
 * are one zone, so one cached format), else undefined.
 */
export function knownTimeZone(name: string | undefined): string | undefined {
  if (!name || !/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * A start time in the player's language (Latin digits) and time zone: the time alone on the
 * same day, else day, month and time. `timeZone` undefined: the runtime's own (the browser's).
 */
export function formatStart(iso: string, language: string, timeZone?: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const day = dateFormat('en-CA', timeZone, 'day');
  const sameDay = day.format(date) === day.format(now);
  return dateFormat(latinDigitsLocale(language), timeZone, sameDay ? 'time' : 'dayAndTime').format(date);
}

const DATE_PARTS = {
  day: { year: 'numeric', month: '2-digit', day: '2-digit' },
  // The time as every other on the site writes it (date-format.ts): `4:00 pm`, `28 Nov, 1:30 am`.
  time: { hour: 'numeric', minute: '2-digit' },
  dayAndTime: { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * Formats are made once per locale, zone and parts: making one costs tens of microseconds, and a
 * painted list prints a start time per row (zones are the ones knownTimeZone accepts, so few).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, timeZone: string | undefined, parts: keyof typeof DATE_PARTS): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${parts}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, ...DATE_PARTS[parts] });
    dateFormats.set(key, format);
  }
  return format;
}
