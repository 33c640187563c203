import { marketStateKey, type MatchRow } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { countdownText, meetingsOf, positionKey, raceStateOf } from './race';

const NOW = Date.UTC(2026, 10, 23, 12);
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

function race(id: number, seriesId: number, venue: string, minutes: number, extra: Partial<MatchRow> = {}): MatchRow {
  return {
    match_id: id,
    name: `${venue} ${id}`,
    match_name: `${venue} ${id}`,
    series_id: seriesId,
    series_name: venue,
    sport_id: 7,
    start_time: at(minutes),
    in_play: false,
    match_odds: null,
    ...extra,
  };
}

describe('race card model', () => {
  it('tells a race to come, one that is off and one with its result', () => {
    expect(raceStateOf(race(1, 1, 'A', 5), NOW)).toBe('upcoming');
    expect(raceStateOf(race(1, 1, 'A', -1, { in_play: true }), NOW)).toBe('off');
    // Past the off but not yet reported in play: it is off all the same.
    expect(raceStateOf(race(1, 1, 'A', -1), NOW)).toBe('off');
    expect(raceStateOf(race(1, 1, 'A', -9, { placings: [{ position: 1, selection_id: 5, name: 'X' }] }), NOW)).toBe('result');
  });

  it('counts down in hours and minutes, then minutes and seconds', () => {
    expect(countdownText(2 * 3_600_000 + 5 * 60_000)).toBe('2h 05m');
    expect(countdownText(12 * 60_000 + 34_000)).toBe('12:34');
    expect(countdownText(8_100)).toBe('0:09');
    expect(countdownText(-5_000)).toBe('0:00');
  });

  it('groups races by venue in off order, the venue with the next off first and results-only venues last', () => {
    const done = { placings: [{ position: 1, selection_id: 1, name: 'X' }] };
    const rows = [
      race(1, 10, 'Mumbai', 40),
      race(2, 20, 'Ascot', 15),
      race(3, 10, 'Mumbai', 10),
      race(4, 30, 'Romford', -30, done),
      race(5, 20, 'Ascot', -20, done),
    ];
    const meetings = meetingsOf(rows, NOW);
    expect(meetings.map((meeting) => meeting.venue)).toEqual(['Mumbai', 'Ascot', 'Romford']);
    expect(meetings[0]!.races.map((row) => row.match_id)).toEqual([3, 1]);
    expect(meetings[1]!.races.map((row) => row.match_id)).toEqual([5, 2]);
  });

  it('names positions and market states for translation', () => {
    expect([1, 2, 3, 4].map(positionKey)).toEqual([
      'racing.position_1',
      'racing.position_2',
      'racing.position_3',
      'racing.position_other',
    ]);
    expect(marketStateKey('CLOSED', 'void')).toBe('marketState.void');
    expect(marketStateKey('CLOSED', 'result')).toBe('marketState.result');
    expect(marketStateKey('SUSPENDED')).toBe('sports.status.SUSPENDED');
  });
});
