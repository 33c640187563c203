import { placeFancyBetRequestSchema, placeMarketBetRequestSchema } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { type BetSlipAction, type BetSlipState, betSlipReducer, initialBetSlipState } from './bet-slip-state';
import { type BetSlipContext, placeRequestOf, readStake, summarizeBetSlip } from './bet-slip-summary';
import { bookmakerLay, fancyNo, matchOddsBack } from './test-selections';

const run = (actions: BetSlipAction[]) => actions.reduce(betSlipReducer, initialBetSlipState);
const ready: BetSlipContext = { isLoggedIn: true, canPlace: true };
const withStake = (text: string, selection = matchOddsBack, limits = {}): BetSlipState =>
  run([
    { type: 'opened', selection, limits },
    { type: 'stakeTyped', text },
  ]);

describe('reading the stake', () => {
  it.each([
    ['', { ok: false, reason: 'noStake' }],
    ['   ', { ok: false, reason: 'noStake' }],
    ['0', { ok: false, reason: 'stakeNotWhole' }],
    ['12.5', { ok: false, reason: 'stakeNotWhole' }],
    ['-5', { ok: false, reason: 'stakeNotWhole' }],
    ['1e3', { ok: false, reason: 'stakeNotWhole' }],
    ['abc', { ok: false, reason: 'stakeNotWhole' }],
    [' 500 ', { ok: true, paise: 50_000 }],
    ['007', { ok: true, paise: 700 }],
  ])('%j', (text, expected) => {
    expect(readStake(text)).toEqual(expected);
  });
});

describe('summary: possible win and liability through the shared model', () => {
  it('match odds back 1.85, ₹100: win ₹85, liability ₹100; stepping the odds moves the win', () => {
    expect(summarizeBetSlip(withStake('100'), ready)).toEqual({
      stakePaise: 10_000,
      possibleWinPaise: 8_500,
      liabilityPaise: 10_000,
      disabledReason: null,
      limitPaise: null,
    });
    const stepped = betSlipReducer(withStake('100'), { type: 'oddsStepped', direction: 1 });
    expect(summarizeBetSlip(stepped, ready).possibleWinPaise).toBe(8_700);
  });

  it('bookmaker lay at 45, ₹200: win the stake, liability ₹90', () => {
    expect(summarizeBetSlip(withStake('200', bookmakerLay), ready)).toMatchObject({
      possibleWinPaise: 20_000,
      liabilityPaise: 9_000,
    });
  });

  it('fancy No at size 110, ₹100: win ₹100, liability ₹110', () => {
    expect(summarizeBetSlip(withStake('100', fancyNo), ready)).toMatchObject({
      possibleWinPaise: 10_000,
      liabilityPaise: 11_000,
    });
  });

  it('no amounts without a valid stake', () => {
    expect(summarizeBetSlip(withStake('1.5'), ready)).toMatchObject({ possibleWinPaise: null, liabilityPaise: null });
  });
});

describe('why the place button is disabled', () => {
  it.each([
    ['noSelection', initialBetSlipState, ready],
    ['placing', betSlipReducer(withStake('100'), { type: 'placeStarted', at: 1_000 }), ready],
    ['guest', withStake('100'), { isLoggedIn: false, canPlace: true }],
    ['placementUnavailable', withStake('100'), { isLoggedIn: true, canPlace: false }],
    ['noPrice', withStake('100', { ...matchOddsBack, odds: 0 }), ready],
    ['noPrice', withStake('100', { ...fancyNo, fancy_id: undefined }), ready],
    ['noStake', withStake(''), ready],
    ['stakeNotWhole', withStake('99.5'), ready],
    ['belowMin', withStake('50', matchOddsBack, { minStakePaise: 10_000 }), ready],
    ['aboveMax', withStake('5001', matchOddsBack, { maxStakePaise: 500_000 }), ready],
    ['aboveMax', withStake('999999999999'), ready],
    [
      'suspended',
      betSlipReducer(withStake('100'), {
        type: 'quoteChanged',
        quote: { status: 'SUSPENDED', price: null, run: null, inPlay: true, betDelaySeconds: 5 },
      }),
      ready,
    ],
  ] as [string, BetSlipState, BetSlipContext][])('%s', (reason, state, context) => {
    expect(summarizeBetSlip(state, context).disabledReason).toBe(reason);
  });

  it('without placement the player still learns what is wrong with the stake first', () => {
    const unavailable = { isLoggedIn: true, canPlace: false };
    expect(summarizeBetSlip(withStake(''), unavailable).disabledReason).toBe('noStake');
    expect(summarizeBetSlip(withStake('12.5'), unavailable).disabledReason).toBe('stakeNotWhole');
  });

  it('names the limit that was crossed', () => {
    expect(summarizeBetSlip(withStake('50', matchOddsBack, { minStakePaise: 10_000 }), ready).limitPaise).toBe(10_000);
  });

  it('at the limits the bet can be placed', () => {
    const limits = { minStakePaise: 10_000, maxStakePaise: 500_000 };
    expect(summarizeBetSlip(withStake('100', matchOddsBack, limits), ready).disabledReason).toBeNull();
    expect(summarizeBetSlip(withStake('5000', matchOddsBack, limits), ready).disabledReason).toBeNull();
  });
});

describe('the request sent (docs/product.md §7 wire payloads)', () => {
  it('a market bet carries the stepped decimal odds and the stake in rupees', () => {
    const state = betSlipReducer(withStake('250'), { type: 'oddsStepped', direction: 1 });
    const request = placeRequestOf(state);
    expect(request).toEqual({
      kind: 'market',
      body: { match_id: 501, market_id: '1.2345', selection_id: 11, odds: 1.87, stack: 250, is_back: 1 },
    });
    expect(placeMarketBetRequestSchema.safeParse(request?.body).success).toBe(true);
  });

  it('accepts any price only when the player chose it; otherwise the spec payload exactly', () => {
    const on = betSlipReducer(withStake('250'), { type: 'anyOddsSet', isOn: true });
    const request = placeRequestOf(on);
    expect(request?.body).toMatchObject({ odds: 1.85, accept_any_odds: true });
    expect(placeMarketBetRequestSchema.safeParse(request?.body).success).toBe(true);
    expect(placeRequestOf(withStake('250'))?.body).not.toHaveProperty('accept_any_odds');
  });

  it('a bookmaker bet carries the rate per 100 as offered', () => {
    expect(placeRequestOf(withStake('200', bookmakerLay))?.body).toMatchObject({ odds: 45, is_back: 0 });
  });

  it('a fancy bet carries run, size and bet_type', () => {
    const request = placeRequestOf(withStake('100', fancyNo));
    expect(request).toEqual({
      kind: 'fancy',
      body: { fancy_id: 77, selection_id: 3, run: 52, stack: 100, is_back: 0, size: 110, bet_type: 'F' },
    });
    expect(placeFancyBetRequestSchema.safeParse(request?.body).success).toBe(true);
  });

  it('none without a whole stake', () => {
    expect(placeRequestOf(withStake('abc'))).toBeNull();
  });
});
