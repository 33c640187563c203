import { describe, expect, it } from 'vitest';
import type { BetSelection } from './bet-selection';
import {
  type Bet,
  betFromSelection,
  betProblem,
  fancyBetProfitLoss,
  fromOddsHundredths,
  liabilityPaise,
  marketBetProfitLoss,
  MAX_STAKE_PAISE,
  marketKindOf,
  possibleWinPaise,
  toOddsHundredths,
  winAndLoss,
} from './bets';

const rupees = (amount: number) => amount * 100;

describe('market kind', () => {
  it.each([
    ['Bookmaker', '1.234', true],
    ['BOOKMAKER 0 commission', '1.234', true],
    ['Match Odds', '9991.123', true],
    ['Match Odds', 99910042, true],
    ['Match Odds', '1.9991', false],
    ['Tied Match', '1.234', false],
  ])('%s / %s is bookmaker: %s', (marketName, market_id, expected) => {
    expect(marketKindOf({ bet_type: 'M', marketName, market_id })).toBe(expected ? 'bookmaker' : 'match_odds');
  });

  it('bet_type M is a market bet, anything else fancy', () => {
    expect(marketKindOf({ bet_type: 'M', marketName: 'Match Odds', market_id: '1.2' })).toBe('match_odds');
    expect(marketKindOf({ bet_type: 'M', marketName: 'Bookmaker', market_id: '1.2' })).toBe('bookmaker');
    expect(marketKindOf({ bet_type: 'F', marketName: 'Bookmaker', market_id: '9991' })).toBe('fancy');
  });
});

describe('profit and loss of one bet (docs/product.md)', () => {
  it('match odds back at 1.85, ₹100: wins ₹85, loses ₹100', () => {
    const bet: Bet = { kind: 'match_odds', selectionId: 7, isBack: true, odds: 185, stakePaise: rupees(100) };
    expect(winAndLoss(bet)).toEqual({ winPaise: rupees(85), lossPaise: rupees(100) });
    expect(marketBetProfitLoss(bet, 7)).toBe(rupees(85));
    expect(marketBetProfitLoss(bet, 8)).toBe(-rupees(100));
  });

  it('match odds lay at 3.5, ₹100: wins ₹100, loses ₹250', () => {
    const bet: Bet = { kind: 'match_odds', selectionId: 7, isBack: false, odds: 350, stakePaise: rupees(100) };
    expect(marketBetProfitLoss(bet, 7)).toBe(-rupees(250));
    expect(marketBetProfitLoss(bet, 8)).toBe(rupees(100));
    expect(liabilityPaise(bet)).toBe(rupees(250));
  });

  it('bookmaker back at 85, ₹200: wins ₹170, loses ₹200; lay the other way round', () => {
    const back: Bet = { kind: 'bookmaker', selectionId: 1, isBack: true, odds: 85, stakePaise: rupees(200) };
    const lay: Bet = { ...back, isBack: false };
    expect(winAndLoss(back)).toEqual({ winPaise: rupees(170), lossPaise: rupees(200) });
    expect(winAndLoss(lay)).toEqual({ winPaise: rupees(200), lossPaise: rupees(170) });
  });

  it('fancy Yes at run 45 size 90: wins stake·90/100 at 45 or more, loses the stake below', () => {
    const yes: Bet = { kind: 'fancy', isBack: true, run: 45, size: 90, stakePaise: rupees(100) };
    expect(fancyBetProfitLoss(yes, 45)).toBe(rupees(90));
    expect(fancyBetProfitLoss(yes, 60)).toBe(rupees(90));
    expect(fancyBetProfitLoss(yes, 44)).toBe(-rupees(100));
  });

  it('fancy No at run 45 size 110: wins the stake below 45, loses stake·110/100 at 45 or more', () => {
    const no: Bet = { kind: 'fancy', isBack: false, run: 45, size: 110, stakePaise: rupees(100) };
    expect(fancyBetProfitLoss(no, 44)).toBe(rupees(100));
    expect(fancyBetProfitLoss(no, 0)).toBe(rupees(100));
    expect(fancyBetProfitLoss(no, 45)).toBe(-rupees(110));
  });

  it('rounds toward the house: winnings down, losses up, to the paise', () => {
    // 1.85 on 1 paise: the exact amount is 0.85 paise either way.
    const back: Bet = { kind: 'match_odds', selectionId: 1, isBack: true, odds: 185, stakePaise: 1 };
    expect(winAndLoss(back)).toEqual({ winPaise: 0, lossPaise: 1 });
    expect(winAndLoss({ ...back, isBack: false })).toEqual({ winPaise: 1, lossPaise: 1 });
    // 2.03 on ₹0.99: 1.03 × 99 = 101.97 paise.
    const odd: Bet = { kind: 'match_odds', selectionId: 1, isBack: true, odds: 203, stakePaise: 99 };
    expect(possibleWinPaise(odd)).toBe(101);
    expect(liabilityPaise({ ...odd, isBack: false })).toBe(102);
  });

  it('stays exact at the largest stake and odds', () => {
    const bet: Bet = { kind: 'match_odds', selectionId: 1, isBack: false, odds: 100_000, stakePaise: MAX_STAKE_PAISE };
    expect(liabilityPaise(bet)).toBe(999 * 10_000_000_000);
  });
});

describe('possible win (docs/product.md §9)', () => {
  it.each([
    [
      'match odds back: (odds − 1) × stake',
      { kind: 'match_odds', selectionId: 1, isBack: true, odds: 250, stakePaise: rupees(40) },
      rupees(60),
    ],
    [
      'bookmaker back: odds / 100 × stake',
      { kind: 'bookmaker', selectionId: 1, isBack: true, odds: 40, stakePaise: rupees(500) },
      rupees(200),
    ],
    [
      'a lay: the plain stake',
      { kind: 'match_odds', selectionId: 1, isBack: false, odds: 250, stakePaise: rupees(40) },
      rupees(40),
    ],
    [
      'bookmaker lay: the plain stake',
      { kind: 'bookmaker', selectionId: 1, isBack: false, odds: 40, stakePaise: rupees(500) },
      rupees(500),
    ],
  ] as [string, Bet, number][])('%s', (_name, bet, expected) => {
    expect(possibleWinPaise(bet)).toBe(expected);
  });
});

describe('bet validation', () => {
  it.each([
    [{ kind: 'match_odds', selectionId: 1, isBack: true, odds: 100, stakePaise: 100 }],
    [{ kind: 'match_odds', selectionId: 1, isBack: true, odds: 185.5, stakePaise: 100 }],
    [{ kind: 'match_odds', selectionId: 1, isBack: true, odds: 185, stakePaise: 0 }],
    [{ kind: 'match_odds', selectionId: 1, isBack: true, odds: 185, stakePaise: 1.5 }],
    [{ kind: 'bookmaker', selectionId: 1, isBack: true, odds: 0, stakePaise: 100 }],
    [{ kind: 'fancy', isBack: true, run: -1, size: 100, stakePaise: 100 }],
    [{ kind: 'fancy', isBack: true, run: 10, size: 0, stakePaise: 100 }],
    [{ kind: 'fancy', isBack: true, run: 10, size: 100, stakePaise: 10_000_000_001 }],
  ] as [Bet][])('refuses %o', (bet) => {
    expect(betProblem(bet)).not.toBeNull();
    expect(() => winAndLoss(bet)).toThrow(RangeError);
  });
});

describe('odds and selections', () => {
  it('decimal odds to hundredths and back', () => {
    expect(toOddsHundredths('match_odds', 1.85)).toBe(185);
    expect(toOddsHundredths('match_odds', 2.07)).toBe(207);
    expect(toOddsHundredths('match_odds', 1.855)).toBeNull();
    expect(toOddsHundredths('bookmaker', 85)).toBe(85);
    expect(toOddsHundredths('bookmaker', 85.5)).toBeNull();
    expect(fromOddsHundredths('match_odds', 207)).toBe(2.07);
    expect(fromOddsHundredths('bookmaker', 85)).toBe(85);
  });

  const base: BetSelection = {
    match_id: 1,
    match_name: 'A v B',
    market_id: '1.234',
    marketName: 'Match Odds',
    selection_id: 11,
    selection_name: 'A',
    is_back: 0,
    odds: 1.9,
    bet_type: 'M',
  };

  it('turns a clicked selection into a bet, with the stepped odds when given', () => {
    expect(betFromSelection(base, 500)).toEqual({
      kind: 'match_odds',
      selectionId: 11,
      isBack: false,
      odds: 190,
      stakePaise: 500,
    });
    expect(betFromSelection(base, 500, 192)).toMatchObject({ odds: 192 });
    expect(betFromSelection({ ...base, marketName: 'Bookmaker', odds: 45 }, 500)).toMatchObject({ kind: 'bookmaker', odds: 45 });
    const fancy: BetSelection = { ...base, bet_type: 'F', is_back: 1, fancy_id: 3, run: 42, size: 100, odds: 100 };
    expect(betFromSelection(fancy, 500)).toEqual({ kind: 'fancy', isBack: true, run: 42, size: 100, stakePaise: 500 });
    expect(betFromSelection({ ...fancy, run: undefined }, 500)).toBeNull();
    expect(betFromSelection({ ...base, odds: 1 }, 500)).toBeNull();
  });
});
