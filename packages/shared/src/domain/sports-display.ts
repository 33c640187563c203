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

/** A time zone name the platform's Intl knows (`Asia/Kolkata`), else undefined. */
export function knownTimeZone(name: string | undefined): string | undefined {
  if (!name || !/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name;
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
  const locale = latinDigitsLocale(language);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const sameDay = day.format(date) === day.format(now);
  return new Intl.DateTimeFormat(
    locale,
    sameDay
      ? { timeZone, hour: '2-digit', minute: '2-digit' }
      : { timeZone, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  ).format(date);
}
