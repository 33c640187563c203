import { marketStateKey, type MatchRow } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { countdownText, meetingsOf, nextToGo, positionKey, raceDaysOf, raceStateOf } from './race';

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

  it('puts today’s meetings first, a venue’s later days as meetings of their own, and earlier results last', () => {
    const done = { placings: [{ position: 1, selection_id: 1, name: 'X' }] };
    const day = 24 * 60;
    const rows = [
      // Mumbai races today and tomorrow: two meetings, not one long one at the top.
      race(1, 10, 'Mumbai', 30),
      race(2, 10, 'Mumbai', 30 + day),
      race(3, 10, 'Mumbai', 60 + day),
      race(4, 20, 'Ascot', 90),
      race(5, 30, 'Romford', 20 + 2 * day),
      race(6, 40, 'Hove', -day, done),
      race(7, 20, 'Ascot', 45),
    ];
    // Noon UTC is 17:30 in India: every race here keeps its day.
    const days = raceDaysOf(rows, NOW, 'UTC');
    expect(days.map((d) => d.offset)).toEqual([0, 1, 2, -1]);
    expect(days[0]!.meetings.map((m) => [m.venue, m.races.map((r) => r.match_id)])).toEqual([
      ['Mumbai', [1]],
      ['Ascot', [7, 4]],
    ]);
    expect(days[1]!.meetings.map((m) => [m.venue, m.races.map((r) => r.match_id)])).toEqual([['Mumbai', [2, 3]]]);
    expect(days[3]!.meetings[0]!.venue).toBe('Hove');
    // The day is the player's: 23:00 UTC is tomorrow in India.
    const late = raceDaysOf([race(8, 10, 'Mumbai', 11 * 60)], NOW, 'Asia/Kolkata');
    expect(late[0]!.offset).toBe(1);
  });

  it('lists the next races to go off across every meeting, soonest first', () => {
    const rows = [race(1, 10, 'Mumbai', 30), race(2, 20, 'Ascot', 5), race(3, 30, 'Hove', -2), race(4, 10, 'Mumbai', 50)];
    expect(nextToGo(rows, NOW, 2).map((row) => row.match_id)).toEqual([2, 1]);
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
