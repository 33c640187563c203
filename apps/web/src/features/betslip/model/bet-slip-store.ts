import type { BetSelection, MarketKind } from '@app/shared';
import { useSyncExternalStore } from 'react';
import { type BetSlipAction, type BetSlipState, betSlipReducer, initialBetSlipState } from './bet-slip-state';
import { refusalOf, type SlipRefusal } from './live-price';
import { type BetSlipContext, type PlaceBetRequest, placeRequestOf, summarizeBetSlip } from './bet-slip-summary';

/** The reducer held outside React, so the app can open the slip from any route. */
export interface BetSlipStore {
  getState(): BetSlipState;
  dispatch(action: BetSlipAction): void;
  subscribe(listener: () => void): () => void;
}

export function createBetSlipStore(initial: BetSlipState = initialBetSlipState): BetSlipStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = betSlipReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useBetSlipState(store: BetSlipStore): BetSlipState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** The bet as the server took it (its odds may be better than asked: docs/betting.md). */
export interface PlacedBetAnswer {
  /** Decimal odds, the per-100 rate, or the fancy size, as the wire has them. */
  odds: number;
  run: number | null;
  /** The stake, rupees. */
  stack: number;
}

/**
 * The place action the app passes in: resolves with the bet taken, or rejects with an Error
 * carrying the player's text (and from the API its `code` and `data`).
 */
export type PlaceBet = (request: PlaceBetRequest) => Promise<PlacedBetAnswer>;

/** What the confirmation names: the selection and side, with the odds and stake taken, and the odds asked. */
export interface PlacedConfirmation extends PlacedBetAnswer {
  selection: BetSelection;
  kind: MarketKind;
  /** The odds the slip sent, as the wire has them (a fancy bet: its size). */
  askedOdds: number;
}

export type SubmitOutcome =
  { status: 'placed'; placed: PlacedConfirmation } | { status: 'failed'; refusal: SlipRefusal } | { status: 'refused' };

/**
 * One press of the place button: refuses when the summary names a reason, otherwise shows
 * loading, calls the place action, and closes and clears on success, or keeps the bet with the
 * reason inside the slip on a refusal (docs/product.md §4, §8). The caller confirms a placed bet.
 */
export async function submitBetSlip(
  store: BetSlipStore,
  context: BetSlipContext,
  place: PlaceBet,
  fallbackMessage = '',
): Promise<SubmitOutcome> {
  const state = store.getState();
  const request = placeRequestOf(state);
  const { selection, kind } = state;
  if (summarizeBetSlip(state, context).disabledReason !== null || !request || !selection || !kind) return { status: 'refused' };
  store.dispatch({ type: 'placeStarted', at: Date.now() });
  try {
    const answer = await place(request);
    store.dispatch({ type: 'placeSucceeded' });
    const askedOdds = request.kind === 'fancy' ? request.body.size : request.body.odds;
    return { status: 'placed', placed: { ...answer, selection, kind, askedOdds } };
  } catch (error) {
    const refusal = refusalOf(error, kind, fallbackMessage);
    store.dispatch({ type: 'placeFailed', refusal });
    return { status: 'failed', refusal: store.getState().refusal ?? refusal };
  }
}

/** The one tap after a refusal for a moved price: the price on offer now, placed at once. */
export function takeOfferAndSubmit(
  store: BetSlipStore,
  context: BetSlipContext,
  place: PlaceBet,
  fallbackMessage = '',
): Promise<SubmitOutcome> {
  const offer = store.getState().refusal?.offer;
  if (!offer) return Promise.resolve({ status: 'refused' });
  store.dispatch({ type: 'offerTaken', price: offer.price, run: offer.run });
  return submitBetSlip(store, context, place, fallbackMessage);
}
