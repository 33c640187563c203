import { describe, expect, it } from 'vitest';
import { isBookmakerMarket, isOnOddsLadder, ODDS_LADDER, oddsLadderFloor, oddsLadderStep } from './sports-odds';

describe('the Betfair odds ladder', () => {
  it('has 350 rungs from 1.01 to 1000, rising', () => {
    expect(ODDS_LADDER.length).toBe(350);
    expect(ODDS_LADDER[0]).toBe(101);
    expect(ODDS_LADDER.at(-1)).toBe(100000);
    for (let i = 1; i < ODDS_LADDER.length; i++) expect(ODDS_LADDER[i]!).toBeGreaterThan(ODDS_LADDER[i - 1]!);
  });

  it('steps by the band sizes', () => {
    expect(isOnOddsLadder(199)).toBe(true);
    expect(isOnOddsLadder(201)).toBe(false);
    expect(isOnOddsLadder(202)).toBe(true);
    expect(isOnOddsLadder(305)).toBe(true);
    expect(isOnOddsLadder(1050)).toBe(true);
    expect(isOnOddsLadder(1040)).toBe(false);
  });

  it('rounds down to a rung and steps along it', () => {
    expect(oddsLadderFloor(203)).toBe(202);
    expect(oddsLadderFloor(50)).toBe(101);
    expect(oddsLadderStep(200, 1)).toBe(202);
    expect(oddsLadderStep(202, -1)).toBe(200);
    expect(oddsLadderStep(101, -3)).toBe(101);
  });

  it('knows a bookmaker market by id prefix or name', () => {
    expect(isBookmakerMarket('99911234', 'Winner')).toBe(true);
    expect(isBookmakerMarket('1.234', 'Bookmaker 0 commission')).toBe(true);
    expect(isBookmakerMarket('1.234', 'Match Odds')).toBe(false);
  });
});
