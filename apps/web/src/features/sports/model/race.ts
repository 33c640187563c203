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

/** The translation key of a finishing position: 1st, 2nd, 3rd, then "{{position}}th". */
export function positionKey(position: number): string {
  return position <= 3 ? `racing.position_${position}` : 'racing.position_other';
}
