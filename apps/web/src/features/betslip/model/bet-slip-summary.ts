import {
  type Bet,
  MAX_STAKE_PAISE,
  PAISE_PER_RUPEE,
  type PlaceFancyBetRequest,
  type PlaceMarketBetRequest,
  betFromSelection,
  fromOddsHundredths,
  winAndLoss,
} from '@app/shared';
import type { BetSlipState } from './bet-slip-state';

/** Every reason the place button can be disabled, in the order they are checked. */
export const PLACE_DISABLED_REASONS = [
  'noSelection',
  'placing',
  'guest',
  'noPrice',
  'suspended',
  'noStake',
  'stakeNotWhole',
  'belowMin',
  'aboveMax',
  'placementUnavailable',
] as const;
export type PlaceDisabledReason = (typeof PLACE_DISABLED_REASONS)[number];

export interface BetSlipContext {
  isLoggedIn: boolean;
  /** False until there is a place action to call (the placement API). */
  canPlace: boolean;
}

export interface BetSlipSummary {
  stakePaise: number | null;
  possibleWinPaise: number | null;
  liabilityPaise: number | null;
  disabledReason: PlaceDisabledReason | null;
  /** For belowMin / aboveMax: the limit, in paise, to show. */
  limitPaise: number | null;
}

export type StakeReading = { ok: true; paise: number } | { ok: false; reason: 'noStake' | 'stakeNotWhole' };

/** The slip takes whole rupees: digits only, more than 0. */
export function readStake(text: string): StakeReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'noStake' };
  if (!/^\d+$/.test(trimmed)) return { ok: false, reason: 'stakeNotWhole' };
  const rupees = Number(trimmed);
  if (rupees <= 0) return { ok: false, reason: 'stakeNotWhole' };
  // Past the safe range the number is only "too large", which aboveMax reports.
  return { ok: true, paise: Math.min(rupees * PAISE_PER_RUPEE, Number.MAX_SAFE_INTEGER) };
}

function slipBet(state: BetSlipState, stakePaise: number): Bet | null {
  if (!state.selection || state.odds === null) return null;
  if (state.kind === 'fancy' && state.selection.fancy_id === undefined) return null;
  return betFromSelection(state.selection, stakePaise, state.odds);
}

/** What the slip shows under the stake and whether the bet can be placed, and if not, why. */
export function summarizeBetSlip(state: BetSlipState, context: BetSlipContext): BetSlipSummary {
  const stake = readStake(state.stakeText);
  const stakePaise = stake.ok ? stake.paise : null;
  const bet = stakePaise !== null && stakePaise <= MAX_STAKE_PAISE ? slipBet(state, stakePaise) : null;
  const amounts = bet ? winAndLoss(bet) : null;
  const summary: BetSlipSummary = {
    stakePaise,
    possibleWinPaise: amounts?.winPaise ?? null,
    liabilityPaise: amounts?.lossPaise ?? null,
    disabledReason: null,
    limitPaise: null,
  };
  const disable = (disabledReason: PlaceDisabledReason, limitPaise: number | null = null): BetSlipSummary => ({
    ...summary,
    disabledReason,
    limitPaise,
  });

  if (!state.selection) return disable('noSelection');
  if (state.isPlacing) return disable('placing');
  if (!context.isLoggedIn) return disable('guest');
  if (!slipBet(state, PAISE_PER_RUPEE)) return disable('noPrice');
  // The page's live prices say the market or line is suspended or closed: a press would be refused.
  if (state.live && state.live.status !== 'OPEN') return disable('suspended');
  if (!stake.ok) return disable(stake.reason);
  const { minStakePaise, maxStakePaise } = state.limits;
  if (minStakePaise !== undefined && stake.paise < minStakePaise) return disable('belowMin', minStakePaise);
  const max = Math.min(maxStakePaise ?? MAX_STAKE_PAISE, MAX_STAKE_PAISE);
  if (stake.paise > max) return disable('aboveMax', max);
  // Last, so the player still learns what is wrong with the bet itself.
  if (!context.canPlace) return disable('placementUnavailable');
  return summary;
}

export type PlaceBetRequest = { kind: 'market'; body: PlaceMarketBetRequest } | { kind: 'fancy'; body: PlaceFancyBetRequest };

/** The wire payload (docs/product.md §7) for the bet on the slip, or null when it cannot be placed as it stands. */
export function placeRequestOf(state: BetSlipState): PlaceBetRequest | null {
  const stake = readStake(state.stakeText);
  const { selection, kind, odds } = state;
  if (!stake.ok || !selection || !kind || odds === null) return null;
  if (!slipBet(state, stake.paise)) return null;
  const stack = stake.paise / PAISE_PER_RUPEE;
  if (kind === 'fancy') {
    if (selection.fancy_id === undefined || selection.run === undefined) return null;
    return {
      kind: 'fancy',
      body: {
        fancy_id: selection.fancy_id,
        selection_id: selection.selection_id,
        run: selection.run,
        stack,
        is_back: selection.is_back,
        size: odds,
        bet_type: selection.bet_type,
      },
    };
  }
  return {
    kind: 'market',
    body: {
      match_id: selection.match_id,
      market_id: selection.market_id,
      selection_id: selection.selection_id,
      odds: fromOddsHundredths(kind, odds),
      stack,
      is_back: selection.is_back,
      // Only when on: without it the request is the spec's payload exactly (docs/betting.md).
      ...(state.acceptAnyOdds ? { accept_any_odds: true } : {}),
    },
  };
}
