import { describe, expect, it } from 'vitest';
import { placeFancyBetRequestSchema, placeMarketBetRequestSchema } from './bets';

const market = { match_id: 101, market_id: '1.234567', selection_id: 11, odds: 1.85, stack: 100, is_back: 1 };
const fancy = { fancy_id: 7, selection_id: 3, run: 45, stack: 100, is_back: 0, size: 110, bet_type: 'F' };

describe('placeMarketBet request (docs/product.md §7)', () => {
  it('takes the spec payload and normalises ids and is_back', () => {
    expect(placeMarketBetRequestSchema.parse(market)).toEqual(market);
    expect(placeMarketBetRequestSchema.parse({ ...market, match_id: '101', market_id: 9991042, is_back: false })).toEqual({
      ...market,
      market_id: '9991042',
      is_back: 0,
    });
  });

  it('takes the optional "accept better odds" preference, and the spec payload without it', () => {
    expect(placeMarketBetRequestSchema.parse({ ...market, accept_better_odds: true })).toEqual({
      ...market,
      accept_better_odds: true,
    });
    expect(placeMarketBetRequestSchema.parse({ ...market, accept_better_odds: 0 }).accept_better_odds).toBe(false);
    expect(placeMarketBetRequestSchema.parse(market).accept_better_odds).toBeUndefined();
  });

  it('takes the optional "accept any price" choice (a worse price too) as a boolean or 0/1', () => {
    expect(placeMarketBetRequestSchema.parse({ ...market, accept_any_odds: 1 }).accept_any_odds).toBe(true);
    expect(placeMarketBetRequestSchema.parse({ ...market, accept_any_odds: false }).accept_any_odds).toBe(false);
    expect(placeMarketBetRequestSchema.parse(market).accept_any_odds).toBeUndefined();
  });

  it.each([
    ['an unknown field', { ...market, user_id: 5 }],
    ['accept_better_odds as text', { ...market, accept_better_odds: 'yes' }],
    ['accept_any_odds as text', { ...market, accept_any_odds: 'yes' }],
    ['a missing stack', { ...market, stack: undefined }],
    ['a stake of 0', { ...market, stack: 0 }],
    ['three decimals in the stake', { ...market, stack: 10.005 }],
    ['three decimals in the odds', { ...market, odds: 1.855 }],
    ['negative odds', { ...market, odds: -2 }],
    ['is_back 2', { ...market, is_back: 2 }],
    ['a market id that is not one', { ...market, market_id: '1.2; drop' }],
  ])('refuses %s', (_name, body) => {
    expect(placeMarketBetRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('placeFancyBet request (docs/product.md §7)', () => {
  it('takes the spec payload', () => {
    expect(placeFancyBetRequestSchema.parse(fancy)).toEqual(fancy);
  });

  it.each([
    ['bet_type M', { ...fancy, bet_type: 'M' }],
    ['a fractional run', { ...fancy, run: 45.5 }],
    ['a negative run', { ...fancy, run: -1 }],
    ['a size of 0', { ...fancy, size: 0 }],
    ['odds instead of size', { ...fancy, odds: 1.5 }],
  ])('refuses %s', (_name, body) => {
    expect(placeFancyBetRequestSchema.safeParse(body).success).toBe(false);
  });
});
