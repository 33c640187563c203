import { describe, expect, it } from 'vitest';
import { initialBetSlipState } from './bet-slip-state';
import { type PlaceBet, type PlacedBetAnswer, createBetSlipStore, submitBetSlip, takeOfferAndSubmit } from './bet-slip-store';
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
  let settle: { resolve: (value: PlacedBetAnswer) => void; reject: (error: Error) => void } | undefined;
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
    settle().resolve({ odds: 1.85, run: null, stack: 100 });
    expect(await outcome).toEqual({
      status: 'placed',
      placed: { odds: 1.85, run: null, stack: 100, selection: matchOddsBack, kind: 'match_odds', askedOdds: 1.85 },
    });
    expect(store.getState()).toEqual({ ...initialBetSlipState, openCount: 1 });
  });

  it('on an error keeps the bet and the server message in the slip, with the price now', async () => {
    const store = openedStore();
    const { place, settle } = pendingPlace();
    const outcome = submitBetSlip(store, ready, place);
    settle().reject(
      Object.assign(new Error('Odds changed: back is now 1.8'), {
        code: 'ODDS_CHANGED',
        data: { is_back: 1, odds: 1.8, run: null },
      }),
    );
    const refusal = { code: 'ODDS_CHANGED', message: 'Odds changed: back is now 1.8', offer: { price: 180, run: null } };
    expect(await outcome).toEqual({ status: 'failed', refusal });
    expect(store.getState()).toMatchObject({ selection: matchOddsBack, stakeText: '100', isPlacing: false, refusal });
  });

  it('places at the offered price in one step after a refusal for a moved price', async () => {
    const store = openedStore();
    const refused = pendingPlace();
    const first = submitBetSlip(store, ready, refused.place);
    refused
      .settle()
      .reject(Object.assign(new Error('Odds changed'), { code: 'ODDS_CHANGED', data: { is_back: 1, odds: 1.8, run: null } }));
    await first;
    const again = pendingPlace();
    const second = takeOfferAndSubmit(store, ready, again.place);
    expect(again.calls[0]?.body).toMatchObject({ odds: 1.8, stack: 100 });
    again.settle().resolve({ odds: 1.8, run: null, stack: 100 });
    expect((await second).status).toBe('placed');
  });

  it('a refusal without a price to offer is kept as the reason only', async () => {
    const store = openedStore();
    const { place, settle } = pendingPlace();
    const outcome = submitBetSlip(store, ready, place);
    settle().reject(Object.assign(new Error('Insufficient balance: ₹5.00 short'), { code: 'INSUFFICIENT_BALANCE' }));
    expect(await outcome).toMatchObject({ refusal: { code: 'INSUFFICIENT_BALANCE', offer: null } });
    expect(await takeOfferAndSubmit(store, ready, place)).toEqual({ status: 'refused' });
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
    settle().resolve({ odds: 1.85, run: null, stack: 100 });
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
