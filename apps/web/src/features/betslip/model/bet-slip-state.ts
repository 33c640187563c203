import {
  type BetSelection,
  MAX_MATCH_ODDS,
  MIN_MATCH_ODDS,
  ODDS_STEP_HUNDREDTHS,
  type MarketKind,
  marketKindOf,
  toOddsHundredths,
} from '@app/shared';

/** A market's stake limits, in paise, when the page that opened the slip knows them. */
export interface StakeLimits {
  minStakePaise?: number;
  maxStakePaise?: number;
}

export interface BetSlipState {
  selection: BetSelection | null;
  kind: MarketKind | null;
  limits: StakeLimits;
  /** The model's integer price: hundredths for match odds, per 100 for bookmaker, the size for fancy. Null: no valid price. */
  odds: number | null;
  /** What the player typed or a quick button set, in rupees, as text (validated in the summary). */
  stakeText: string;
  isPlacing: boolean;
  /** Counts opens, so the view can focus the stake again when the same price is clicked twice. */
  openCount: number;
}

export type BetSlipAction =
  | { type: 'opened'; selection: BetSelection; limits?: StakeLimits }
  | { type: 'stakeTyped'; text: string }
  | { type: 'stakeChosen'; rupees: number }
  | { type: 'oddsStepped'; direction: 1 | -1 }
  /** Clears the stake and puts the odds back to the clicked price. */
  | { type: 'cleared' }
  | { type: 'closed' }
  | { type: 'placeStarted' }
  | { type: 'placeSucceeded' }
  | { type: 'placeFailed' };

export const initialBetSlipState: BetSlipState = {
  selection: null,
  kind: null,
  limits: {},
  odds: null,
  stakeText: '',
  isPlacing: false,
  openCount: 0,
};

/** Longer than any stake the site accepts; keeps a pasted novel out of the state. */
const MAX_STAKE_TEXT_LENGTH = 15;

function clickedOdds(selection: BetSelection, kind: MarketKind): number | null {
  const price = kind === 'fancy' ? (selection.size ?? selection.odds) : selection.odds;
  return toOddsHundredths(kind, price);
}

/** Only match odds can be stepped; bookmaker rates and fancy sizes are taken as offered (spec §4, §9). */
export function canStepOdds(state: BetSlipState, direction: 1 | -1): boolean {
  if (state.kind !== 'match_odds' || state.odds === null || state.isPlacing) return false;
  const next = state.odds + direction * ODDS_STEP_HUNDREDTHS;
  return next >= MIN_MATCH_ODDS && next <= MAX_MATCH_ODDS;
}

/**
 * The slip's state machine. While a placement is in flight nothing else changes: the answer
 * belongs to the bet on screen, and success must clear exactly that bet.
 */
export function betSlipReducer(state: BetSlipState, action: BetSlipAction): BetSlipState {
  if (state.isPlacing && action.type !== 'placeSucceeded' && action.type !== 'placeFailed') return state;
  switch (action.type) {
    case 'opened': {
      const kind = marketKindOf(action.selection);
      return {
        ...initialBetSlipState,
        selection: action.selection,
        kind,
        limits: action.limits ?? {},
        odds: clickedOdds(action.selection, kind),
        openCount: state.openCount + 1,
      };
    }
    case 'stakeTyped':
      if (!state.selection) return state;
      return { ...state, stakeText: action.text.slice(0, MAX_STAKE_TEXT_LENGTH) };
    case 'stakeChosen':
      if (!state.selection) return state;
      return { ...state, stakeText: String(action.rupees) };
    case 'oddsStepped':
      if (!canStepOdds(state, action.direction) || state.odds === null) return state;
      return { ...state, odds: state.odds + action.direction * ODDS_STEP_HUNDREDTHS };
    case 'cleared':
      if (!state.selection || !state.kind) return state;
      return { ...state, stakeText: '', odds: clickedOdds(state.selection, state.kind) };
    case 'closed':
      return { ...initialBetSlipState, openCount: state.openCount };
    case 'placeStarted':
      return state.selection ? { ...state, isPlacing: true } : state;
    case 'placeSucceeded':
      // Spec §4: on success the slip closes and clears.
      return { ...initialBetSlipState, openCount: state.openCount };
    case 'placeFailed':
      // Spec §8: a bet error only clears the loading state; the player may adjust and retry.
      return { ...state, isPlacing: false };
  }
}
