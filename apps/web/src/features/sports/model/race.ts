import type { MatchRow, Placing } from '@app/shared';

/** Where a race stands: still to go off, off (running, markets suspended), or its result is in. */
export type RaceState = 'upcoming' | 'off' | 'result';

export function raceStateOf(
  race: { in_play: boolean; start_time: string; placings?: Placing[] | undefined },
  now: number,
): RaceState {
  if (race.placings?.length) return 'result';
  if (race.in_play || Date.parse(race.start_time) <= now) return 'off';
  return 'upcoming';
}

/** Time to the off: "1h 05m" an hour or more away, then "12:34", then "0:09". */
export function countdownText(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m`;
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export interface Meeting {
  seriesId: number;
  venue: string;
  /** By off time. */
  races: MatchRow[];
}

/**
 * The race card's meetings: races grouped by venue (the series), each in off-time order; the
 * venues whose next race goes off soonest first, venues with only results last.
 */
export function meetingsOf(rows: readonly MatchRow[], now: number): Meeting[] {
  const byVenue = new Map<number, Meeting>();
  for (const row of rows) {
    const meeting = byVenue.get(row.series_id) ?? { seriesId: row.series_id, venue: row.series_name, races: [] };
    meeting.races.push(row);
    byVenue.set(row.series_id, meeting);
  }
  const nextOff = (meeting: Meeting) => {
    const next = meeting.races.find((race) => raceStateOf(race, now) !== 'result');
    return next ? Date.parse(next.start_time) : Number.POSITIVE_INFINITY;
  };
  const meetings = [...byVenue.values()];
  for (const meeting of meetings) meeting.races.sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
  return meetings.sort((a, b) => nextOff(a) - nextOff(b) || a.venue.localeCompare(b.venue));
}

/** A day of racing on the player's calendar: its meetings, as meetingsOf orders them. */
export interface RaceDay {
  /** `YYYY-MM-DD` in the player's zone. */
  day: string;
  /** Days from today: 0 today, 1 tomorrow, −1 yesterday (results of the last hours). */
  offset: number;
  meetings: Meeting[];
}

const dayKeyFormats = new Map<string, Intl.DateTimeFormat>();
/** `YYYY-MM-DD` of a moment on the calendar of `timeZone` (undefined: the browser's). */
export function dayKey(epochMs: number, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = dayKeyFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayKeyFormats.set(key, format);
  }
  return format.format(epochMs);
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * The racing page's days (docs/sports.md "Racing"): a venue races every day, so a venue's races
 * over several days are several meetings. Today's meetings come first (the next off first), then
 * tomorrow's and later days', and the results of earlier days last. Before, a venue's two days
 * made one long meeting at the top and today's other meetings sat far down the page.
 */
export function raceDaysOf(rows: readonly MatchRow[], now: number, timeZone?: string): RaceDay[] {
  const today = dayNumber(dayKey(now, timeZone));
  const byDay = new Map<string, MatchRow[]>();
  for (const row of rows) {
    const day = dayKey(Date.parse(row.start_time), timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), row]);
  }
  const days = [...byDay.entries()].map(([day, races]) => ({
    day,
    offset: dayNumber(day) - today,
    meetings: meetingsOf(races, now),
  }));
  // Today, then the days to come in order, then the past (latest first).
  const rank = (offset: number) => (offset >= 0 ? offset : 1_000 - offset);
  return days.sort((a, b) => rank(a.offset) - rank(b.offset));
}

/** The next races to go off, soonest first, across every meeting (the page's "next to go" strip). */
export function nextToGo(rows: readonly MatchRow[], now: number, count = 6): MatchRow[] {
  return rows
    .filter((race) => raceStateOf(race, now) === 'upcoming')
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time))
    .slice(0, count);
}

/** The translation key of a finishing position: 1st, 2nd, 3rd, then "{{position}}th". */
export function positionKey(position: number): string {
  return position <= 3 ? `racing.position_${position}` : 'racing.position_other';
}
