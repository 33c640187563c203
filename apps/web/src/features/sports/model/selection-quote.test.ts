import type { BetSelection, MarketsSnapshot } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { quoteOfSelection } from './selection-quote';

const snapshot: MarketsSnapshot = {
  match: {
    match_id: 7,
    name: 'A v B',
    match_name: 'A v B',
    series_id: 1,
    series_name: 'S',
    sport_id: 4,
    start_time: '2026-11-23T12:00:00.000Z',
    in_play: true,
    scoreboard: { home: 'A', away: 'B', home_score: '', away_score: '', status: 'in_play', note: '', timeline: [] },
  },
  markets: [
    {
      market_id: '1.1',
      market_name: 'Match Odds',
      market_type: 'MATCH_ODDS',
      status: 'OPEN',
      in_play: true,
      bet_delay_s: 5,
      min_stake: 100,
      max_stake: 1000,
      runners: [{ selection_id: 11, name: 'A', back: [{ odds: 1.41, size: 10 }], lay: [{ odds: 1.43, size: 10 }] }],
    },
  ],
  fancy: [
    {
      fancy_id: 3,
      selection_id: 3,
      name: '6 over runs A',
      status: 'OPEN',
      run_no: 52,
      size_no: 100,
      run_yes: 53,
      size_yes: 90,
      min_stake: 100,
      max_stake: 1000,
    },
  ],
  seq: 100,
};

const back: BetSelection = {
  match_id: 7,
  match_name: 'A v B',
  market_id: '1.1',
  marketName: 'Match Odds',
  selection_id: 11,
  selection_name: 'A',
  is_back: 1,
  odds: 1.53,
  bet_type: 'M',
};

describe('the live price of a clicked selection', () => {
  it('is the best price on its side now, with the in-play delay', () => {
    expect(quoteOfSelection(snapshot, back)).toEqual({ status: 'OPEN', odds: 1.41, run: null, inPlay: true, betDelaySeconds: 5 });
    expect(quoteOfSelection(snapshot, { ...back, is_back: 0 }).odds).toBe(1.43);
  });

  it('is a fancy line’s run and size on its side', () => {
    const yes = { ...back, market_id: '3', selection_id: 3, bet_type: 'F' as const, fancy_id: 3, run: 50, size: 100 };
    expect(quoteOfSelection(snapshot, yes)).toMatchObject({ odds: 90, run: 53, betDelaySeconds: 0 });
    expect(quoteOfSelection(snapshot, { ...yes, is_back: 0 })).toMatchObject({ odds: 100, run: 52 });
  });

  it('offers nothing for a suspended market or a line that left the list', () => {
    const suspended = { ...snapshot, markets: [{ ...snapshot.markets[0]!, status: 'SUSPENDED' as const }] };
    expect(quoteOfSelection(suspended, back)).toMatchObject({ status: 'SUSPENDED', odds: null });
    const decided = { ...back, bet_type: 'F' as const, fancy_id: 99 };
    expect(quoteOfSelection(snapshot, decided)).toMatchObject({ status: 'CLOSED', odds: null });
  });
});
