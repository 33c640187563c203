import { describe, expect, it } from 'vitest';
import { initialBetSlipState } from './bet-slip-state';
import { type PlaceBet, createBetSlipStore, submitBetSlip } from './bet-slip-store';
import type { BetSlipContext, PlaceBetRequest } from './bet-slip-summary';
import { matchOddsBack } from './test-selections';

const ready: BetSlipContext = { isLoggedIn: true, canPlace: true };

function openedStore(stake = '100') {
  const store = createBetSlipStore();
  store.dispatch({ type: 'opened', selection: matchOddsBack });
  store.dispatch({ type: 'stakeTyped', text: stake });
  return store;
}

/** A place action the test settles by hand, so it can look at the slip while the call is open. */
function pendingPlace() {
  const calls: PlaceBetRequest[] = [];
  let settle: { resolve: (value: { message: string }) => void; reject: (error: Error) => void } | undefined;
  const place: PlaceBet = (request) => {
    calls.push(request);
    return new Promise((resolve, reject) => (settle = { resolve, reject }));
  };
  return { place, calls, settle: () => settle! };
}

describe('placing from the slip', () => {
  it('shows loading while the call runs, then closes and clears on success', async () => {
    const store = openedStore();
    const { place, calls, settle } = pendingPlace();
    const outcome = submitBetSlip(store, ready, place);
    expect(store.getState().isPlacing).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.kind).toBe('market');
    settle().resolve({ message: 'Bet placed' });
    expect(await outcome).toEqual({ status: 'placed', message: 'Bet placed' });
    expect(store.getState()).toEqual({ ...initialBetSlipState, openCount: 1 });
  });

  it('on an error keeps the bet and passes on the server message', async () => {
    const store = openedStore();
    const { place, settle } = pendingPlace();
    const outcome = submitBetSlip(store, ready, place);
    settle().reject(new Error('Odds changed: now 1.80'));
    expect(await outcome).toEqual({ status: 'failed', message: 'Odds changed: now 1.80' });
    expect(store.getState()).toMatchObject({ selection: matchOddsBack, stakeText: '100', isPlacing: false });
  });

  it('does not call the place action when the button would be disabled', async () => {
    const { place, calls } = pendingPlace();
    expect(await submitBetSlip(openedStore('0'), ready, place)).toEqual({ status: 'refused' });
    expect(await submitBetSlip(openedStore(), { isLoggedIn: false, canPlace: true }, place)).toEqual({ status: 'refused' });
    expect(calls).toHaveLength(0);
  });

  it('a second press while the first is in flight is refused', async () => {
    const store = openedStore();
    const { place, calls, settle } = pendingPlace();
    const first = submitBetSlip(store, ready, place);
    expect(await submitBetSlip(store, ready, place)).toEqual({ status: 'refused' });
    expect(calls).toHaveLength(1);
    settle().resolve({ message: 'ok' });
    await first;
  });

  it('tells subscribers about every change and nothing else', () => {
    const store = createBetSlipStore();
    let notified = 0;
    const unsubscribe = store.subscribe(() => notified++);
    store.dispatch({ type: 'stakeTyped', text: '5' });
    expect(notified).toBe(0);
    store.dispatch({ type: 'opened', selection: matchOddsBack });
    expect(notified).toBe(1);
    unsubscribe();
    store.dispatch({ type: 'closed' });
    expect(notified).toBe(1);
  });
});
