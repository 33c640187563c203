import { useSyncExternalStore } from 'react';
import { type BetSlipAction, type BetSlipState, betSlipReducer, initialBetSlipState } from './bet-slip-state';
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

/** The place action the app passes in: resolves with the server's message, rejects with an Error carrying it. */
export type PlaceBet = (request: PlaceBetRequest) => Promise<{ message: string }>;

export type SubmitOutcome =
  { status: 'placed'; message: string } | { status: 'failed'; message: string | null } | { status: 'refused' };

/**
 * One press of the place button: refuses when the summary names a reason, otherwise shows
 * loading, calls the place action, and closes and clears on success or only stops loading on an
 * error (spec §4, §8). The caller shows the message.
 */
export async function submitBetSlip(store: BetSlipStore, context: BetSlipContext, place: PlaceBet): Promise<SubmitOutcome> {
  const state = store.getState();
  const request = placeRequestOf(state);
  if (summarizeBetSlip(state, context).disabledReason !== null || !request) return { status: 'refused' };
  store.dispatch({ type: 'placeStarted' });
  try {
    const { message } = await place(request);
    store.dispatch({ type: 'placeSucceeded' });
    return { status: 'placed', message };
  } catch (error) {
    store.dispatch({ type: 'placeFailed' });
    return { status: 'failed', message: error instanceof Error && error.message ? error.message : null };
  }
}
