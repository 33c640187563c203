import {
  type BetSelection,
  MAX_MATCH_ODDS,
  MIN_MATCH_ODDS,
  ODDS_STEP_HUNDREDTHS,
  type MarketKind,
  marketKindOf,
  toOddsHundredths,
} from '@app/shared';
import { type LiveQuote, type PriceMove, type SlipRefusal, moveBetween, offerFromQuote } from './live-price';

export type { LiveQuote, PriceMove, SlipRefusal } from './live-price';

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
  /** When the place call started and how long the in-play delay holds it (0: none), for the countdown. */
  placing: { startedAt: number; delayMs: number } | null;
  /** Counts opens, so the view can focus the stake again when the same price is clicked twice. */
  openCount: number;
  /** The selection's price on offer now (the page's live prices); null until known. */
  live: LiveQuote | null;
  /** The last move of that price while the slip was open. */
  move: PriceMove | null;
  /** Why the last press was refused, shown inside the slip (never as a toast over its buttons). */
  refusal: SlipRefusal | null;
  /**
   * The player's preference: take the price on offer even when it is worse than the slip's (a
   * better one is always taken: docs/betting.md "Best execution"). Kept across bets.
   */
  acceptAnyOdds: boolean;
}

export type BetSlipAction =
  | { type: 'opened'; selection: BetSelection; limits?: StakeLimits }
  | { type: 'stakeTyped'; text: string }
  | { type: 'stakeChosen'; rupees: number }
  | { type: 'oddsStepped'; direction: 1 | -1 }
  /** Clears the stake and puts the odds back to the clicked price. */
  | { type: 'cleared' }
  | { type: 'closed' }
  /** The page's live price for the selection (null: the page no longer knows it). */
  | { type: 'quoteChanged'; quote: LiveQuote | null }
  /** Takes the price offered after a refusal (or the live price): the odds, and a fancy line's run. */
  | { type: 'offerTaken'; price: number; run: number | null }
  | { type: 'anyOddsSet'; isOn: boolean }
  | { type: 'placeStarted'; at: number }
  | { type: 'placeSucceeded' }
  | { type: 'placeFailed'; refusal: SlipRefusal };

export const initialBetSlipState: BetSlipState = {
  selection: null,
  kind: null,
  limits: {},
  odds: null,
  stakeText: '',
  isPlacing: false,
  placing: null,
  openCount: 0,
  live: null,
  move: null,
  refusal: null,
  acceptAnyOdds: false,
};

/** Longer than any stake the site accepts; keeps a pasted novel out of the state. */
const MAX_STAKE_TEXT_LENGTH = 15;

function clickedOdds(selection: BetSelection, kind: MarketKind): number | null {
  const price = kind === 'fancy' ? (selection.size ?? selection.odds) : selection.odds;
  return toOddsHundredths(kind, price);
}

/** Only match odds can be stepped; bookmaker rates and fancy sizes are taken as offered (docs/product.md §4, §9). */
export function canStepOdds(state: BetSlipState, direction: 1 | -1): boolean {
  if (state.kind !== 'match_odds' || state.odds === null || state.isPlacing) return false;
  const next = state.odds + direction * ODDS_STEP_HUNDREDTHS;
  return next >= MIN_MATCH_ODDS && next <= MAX_MATCH_ODDS;
}

/** The in-play delay a press will wait: match-odds bets only, as the server applies it (docs/betting.md). */
export function placementDelayMs(state: Pick<BetSlipState, 'kind' | 'live'>): number {
  if (state.kind !== 'match_odds' || !state.live?.inPlay) return 0;
  return Math.max(0, state.live.betDelaySeconds) * 1000;
}

/**
 * The live price beats the slip's: a back's higher odds, a lay's lower (match odds and bookmaker).
 * The server matches at it without being asked (docs/betting.md "Best execution").
 */
export function isLiveBetter(state: Pick<BetSlipState, 'kind' | 'live' | 'odds' | 'selection'>): boolean {
  const { kind, live, odds, selection } = state;
  if (!kind || kind === 'fancy' || !live || live.status !== 'OPEN' || live.price === null || odds === null || !selection)
    return false;
  return selection.is_back === 1 ? live.price > odds : live.price < odds;
}

/** What the player changes makes the last refusal's reason stale. */
function edited(state: BetSlipState, changes: Partial<BetSlipState>): BetSlipState {
  return { ...state, ...changes, refusal: null };
}

function isSameQuote(a: LiveQuote | null, b: LiveQuote | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.status === b.status &&
    a.price === b.price &&
    a.run === b.run &&
    a.inPlay === b.inPlay &&
    a.betDelaySeconds === b.betDelaySeconds
  );
}

function afterQuote(state: BetSlipState, quote: LiveQuote | null): BetSlipState {
  if (!state.selection || !state.kind || isSameQuote(state.live, quote)) return state;
  const move = moveBetween(state.kind, state.live, quote, state.move);
  // A refused price is offered again at the price on offer now, the freshest there is.
  const refusal =
    state.refusal?.code === 'ODDS_CHANGED' && quote ? { ...state.refusal, offer: offerFromQuote(quote) } : state.refusal;
  return { ...state, live: quote, move, refusal };
}

/**
 * The slip's state machine. While a placement is in flight nothing the player does changes the
 * bet: the answer belongs to the bet on screen, and success must clear exactly that bet. Live
 * prices keep arriving meanwhile.
 */
export function betSlipReducer(state: BetSlipState, action: BetSlipAction): BetSlipState {
  const isAnswerOrPrice = action.type === 'placeSucceeded' || action.type === 'placeFailed' || action.type === 'quoteChanged';
  if (state.isPlacing && !isAnswerOrPrice) return state;
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
        acceptAnyOdds: state.acceptAnyOdds,
      };
    }
    case 'stakeTyped':
      if (!state.selection) return state;
      return edited(state, { stakeText: action.text.slice(0, MAX_STAKE_TEXT_LENGTH) });
    case 'stakeChosen':
      if (!state.selection) return state;
      return edited(state, { stakeText: String(action.rupees) });
    case 'oddsStepped':
      if (!canStepOdds(state, action.direction) || state.odds === null) return state;
      return edited(state, { odds: state.odds + action.direction * ODDS_STEP_HUNDREDTHS });
    case 'cleared':
      if (!state.selection || !state.kind) return state;
      return edited(state, { stakeText: '', odds: clickedOdds(state.selection, state.kind) });
    case 'closed':
      return { ...initialBetSlipState, openCount: state.openCount, acceptAnyOdds: state.acceptAnyOdds };
    case 'quoteChanged':
      return afterQuote(state, action.quote);
    case 'offerTaken': {
      const { selection, kind } = state;
      if (!selection || !kind) return state;
      if (kind !== 'fancy') return edited(state, { odds: action.price });
      // A fancy line that moved is a new line: its run and size, as a click on it would give.
      const run = action.run ?? selection.run;
      return edited(state, { odds: action.price, selection: { ...selection, run, size: action.price, odds: action.price } });
    }
    case 'anyOddsSet':
      return state.acceptAnyOdds === action.isOn ? state : { ...state, acceptAnyOdds: action.isOn };
    case 'placeStarted':
      if (!state.selection) return state;
      return { ...state, isPlacing: true, placing: { startedAt: action.at, delayMs: placementDelayMs(state) }, refusal: null };
    case 'placeSucceeded':
      // Spec §4: on success the slip closes and clears.
      return { ...initialBetSlipState, openCount: state.openCount, acceptAnyOdds: state.acceptAnyOdds };
    case 'placeFailed': {
      // Spec §8: a bet error only clears the loading state; the player may adjust and retry. The
      // reason stays in the slip, with the price on offer (the server's, else the page's live one).
      const { refusal } = action;
      const live = refusal.code === 'ODDS_CHANGED' && !refusal.offer && state.live ? offerFromQuote(state.live) : null;
      return { ...state, isPlacing: false, placing: null, refusal: live ? { ...refusal, offer: live } : refusal };
    }
  }
}
