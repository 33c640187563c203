import type { BetSelection } from '@app/shared';

/** Selections as a price click hands them over, for the slip's tests. */
export const matchOddsBack: BetSelection = {
  match_id: 501,
  match_name: 'India v Australia',
  market_id: '1.2345',
  marketName: 'Match Odds',
  selection_id: 11,
  selection_name: 'India',
  is_back: 1,
  odds: 1.85,
  bet_type: 'M',
};

export const bookmakerLay: BetSelection = {
  ...matchOddsBack,
  market_id: '9991.77',
  marketName: 'Bookmaker 0%',
  is_back: 0,
  odds: 45,
};

export const fancyNo: BetSelection = {
  ...matchOddsBack,
  market_id: '1.2345',
  marketName: '6 over runs IND',
  selection_id: 3,
  selection_name: '6 over runs IND',
  is_back: 0,
  odds: 110,
  bet_type: 'F',
  fancy_id: 77,
  run: 52,
  size: 110,
};
