import type { Market, MarketsSnapshot, MatchDelta } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { applyDelta } from './apply-delta';

const market = (id: string, odds: number, status: Market['status'] = 'OPEN'): Market => ({
  market_id: id,
  market_name: 'Match Odds',
  market_type: 'MATCH_ODDS',
  status,
  in_play: false,
  bet_delay_s: 5,
  min_stake: 100,
  max_stake: 1000,
  runners: [{ selection_id: 1, name: 'A', back: [{ odds, size: 10 }], lay: [{ odds: odds + 0.02, size: 10 }] }],
});
const line = (id: number, run: number) => ({
  fancy_id: id,
  selection_id: id,
  name: `line ${id}`,
  status: 'OPEN' as const,
  run_no: run,
  size_no: 100,
  run_yes: run + 1,
  size_yes: 100,
  min_stake: 100,
  max_stake: 1000,
});
const snapshot: MarketsSnapshot = {
  match: {
    match_id: 7,
    name: 'A v B',
    match_name: 'A v B',
    series_id: 1,
    series_name: 'S',
    sport_id: 4,
    start_time: '2026-11-23T12:00:00.000Z',
    in_play: false,
    scoreboard: { home: 'A', away: 'B', home_score: '', away_score: '', status: 'not_started', note: '', timeline: [] },
  },
  markets: [market('1.1', 2), market('1.2', 3)],
  fancy: [line(1, 40), line(2, 60)],
  seq: 100,
};
const delta = (changes: Partial<MatchDelta>): MatchDelta => ({
  type: 'delta',
  match_id: 7,
  seq: 103,
  prev_seq: 100,
  full: false,
  in_play: false,
  markets: [],
  fancy: [],
  removed_fancy: [],
  scoreboard: null,
  ...changes,
});

describe('applying a live delta', () => {
  it('replaces changed markets and lines, drops ended ones, adds new ones, keeps the rest', () => {
    const outcome = applyDelta(
      snapshot,
      delta({ markets: [market('1.2', 3.5, 'SUSPENDED')], fancy: [line(2, 62), line(3, 10)], removed_fancy: [1] }),
    );
    expect(outcome.kind).toBe('applied');
    if (outcome.kind !== 'applied') return;
    expect(outcome.snapshot.seq).toBe(103);
    expect(outcome.snapshot.markets[0]).toBe(snapshot.markets[0]);
    expect(outcome.snapshot.markets[1]!.status).toBe('SUSPENDED');
    expect(outcome.snapshot.fancy.map((item) => [item.fancy_id, item.run_no])).toEqual([
      [2, 62],
      [3, 10],
    ]);
  });

  it('applies a delta that follows a later snapshot of the same state', () => {
    expect(applyDelta({ ...snapshot, seq: 101 }, delta({})).kind).toBe('applied');
  });

  it('ignores what is already shown and asks for a snapshot after a gap', () => {
    expect(applyDelta(snapshot, delta({ seq: 100, prev_seq: 99 })).kind).toBe('stale');
    expect(applyDelta(snapshot, delta({ seq: 110, prev_seq: 105 })).kind).toBe('gap');
    expect(applyDelta(snapshot, delta({ match_id: 8 })).kind).toBe('stale');
  });

  it('replaces the whole state with a full delta as new as the snapshot, and ignores an older one', () => {
    // The snapshot was read before an operator's suspension in the same moment; the publisher's
    // first look (a full delta) carries it, and drops the line that ended.
    const full = delta({ seq: 100, prev_seq: 0, full: true, markets: [market('1.1', 2, 'SUSPENDED')], fancy: [line(2, 60)] });
    const outcome = applyDelta(snapshot, full);
    expect(outcome.kind).toBe('applied');
    if (outcome.kind !== 'applied') return;
    expect(outcome.snapshot.markets.map((item) => [item.market_id, item.status])).toEqual([['1.1', 'SUSPENDED']]);
    expect(outcome.snapshot.fancy.map((item) => item.fancy_id)).toEqual([2]);
    expect(outcome.snapshot.match.scoreboard).toEqual(snapshot.match.scoreboard);
    expect(applyDelta({ ...snapshot, seq: 101 }, full).kind).toBe('stale');
  });
});
