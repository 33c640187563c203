import { describe, expect, it } from 'vitest';
import {
  type BetSlipAction,
  type BetSlipState,
  betSlipReducer,
  canStepOdds,
  initialBetSlipState,
  isLiveBetter,
  type LiveQuote,
} from './bet-slip-state';
import { bookmakerLay, fancyNo, matchOddsBack } from './test-selections';

const run = (actions: BetSlipAction[], from: BetSlipState = initialBetSlipState) => actions.reduce(betSlipReducer, from);
const step = (direction: 1 | -1): BetSlipAction => ({ type: 'oddsStepped', direction });

describe('bet slip reducer', () => {
  it('opens with the clicked selection at its price, with no stake', () => {
    const state = run([{ type: 'opened', selection: matchOddsBack }]);
    expect(state).toMatchObject({
      selection: matchOddsBack,
      kind: 'match_odds',
      odds: 185,
      stakeText: '',
      isPlacing: false,
      openCount: 1,
    });
  });

  it('a new click replaces the selection and its stake, and counts the open', () => {
    const state = run([
      { type: 'opened', selection: matchOddsBack },
      { type: 'stakeTyped', text: '500' },
      { type: 'opened', selection: bookmakerLay },
    ]);
    expect(state).toMatchObject({ selection: bookmakerLay, kind: 'bookmaker', odds: 45, stakeText: '', openCount: 2 });
  });

  it('takes the stake typed or from a quick button', () => {
    const opened = run([{ type: 'opened', selection: matchOddsBack }]);
    expect(run([{ type: 'stakeTyped', text: '250' }], opened).stakeText).toBe('250');
    expect(
      run(
        [
          { type: 'stakeTyped', text: '250' },
          { type: 'stakeChosen', rupees: 1000 },
        ],
        opened,
      ).stakeText,
    ).toBe('1000');
    expect(run([{ type: 'stakeTyped', text: '9'.repeat(40) }], opened).stakeText).toHaveLength(15);
  });

  it('ignores a stake while nothing is selected', () => {
    expect(run([{ type: 'stakeTyped', text: '250' }])).toBe(initialBetSlipState);
  });

  it('steps match odds by 0.02 a click, exactly, between 1.01 and 1000', () => {
    const opened = run([{ type: 'opened', selection: matchOddsBack }]);
    expect(run([step(1), step(1), step(1)], opened).odds).toBe(191);
    expect(run([step(-1)], opened).odds).toBe(183);
    const low = run([{ type: 'opened', selection: { ...matchOddsBack, odds: 1.02 } }]);
    expect(canStepOdds(low, -1)).toBe(false);
    expect(run([step(-1)], low).odds).toBe(102);
    const high = run([{ type: 'opened', selection: { ...matchOddsBack, odds: 999.99 } }]);
    expect(run([step(1)], high).odds).toBe(99_999);
  });

  it('keeps bookmaker and fancy prices fixed', () => {
    const bookmaker = run([{ type: 'opened', selection: bookmakerLay }, step(1), step(-1)]);
    expect(bookmaker.odds).toBe(45);
    const fancy = run([{ type: 'opened', selection: fancyNo }, step(1)]);
    expect(fancy).toMatchObject({ kind: 'fancy', odds: 110 });
  });

  it('clear empties the stake and puts back the clicked price; close forgets the bet', () => {
    const edited = run([{ type: 'opened', selection: matchOddsBack }, { type: 'stakeTyped', text: '100' }, step(1)]);
    expect(run([{ type: 'cleared' }], edited)).toMatchObject({ selection: matchOddsBack, stakeText: '', odds: 185 });
    expect(run([{ type: 'closed' }], edited)).toEqual({ ...initialBetSlipState, openCount: 1 });
  });

  it('while placing, nothing changes the bet on screen', () => {
    const placing = run([
      { type: 'opened', selection: matchOddsBack },
      { type: 'stakeTyped', text: '100' },
      { type: 'placeStarted', at: 1_000 },
    ]);
    expect(placing.isPlacing).toBe(true);
    for (const action of [
      { type: 'opened', selection: bookmakerLay },
      { type: 'stakeTyped', text: '5' },
      { type: 'stakeChosen', rupees: 5 },
      step(1),
      { type: 'cleared' },
      { type: 'closed' },
    ] as BetSlipAction[]) {
      expect(betSlipReducer(placing, action)).toBe(placing);
    }
  });

  it('success closes and clears; an error only stops loading', () => {
    const placing = run([
      { type: 'opened', selection: matchOddsBack },
      { type: 'stakeTyped', text: '100' },
      step(1),
      { type: 'placeStarted', at: 1_000 },
    ]);
    expect(run([{ type: 'placeSucceeded' }], placing)).toEqual({ ...initialBetSlipState, openCount: 1 });
    const refusal = { code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance: ₹5.00 short', offer: null };
    expect(run([{ type: 'placeFailed', refusal }], placing)).toEqual({ ...placing, isPlacing: false, placing: null, refusal });
  });

  it('cannot start placing with nothing selected', () => {
    expect(run([{ type: 'placeStarted', at: 1_000 }])).toBe(initialBetSlipState);
  });
});

const quote = (price: number | null, changes: Partial<LiveQuote> = {}): LiveQuote => ({
  status: 'OPEN',
  price,
  run: null,
  inPlay: false,
  betDelaySeconds: 5,
  ...changes,
});
const oddsChanged = { code: 'ODDS_CHANGED', message: 'Odds changed: back is now 1.41', offer: { price: 141, run: null } };

describe('the slip and moving prices', () => {
  it('follows the live price and marks each move up or down, leaving the asked odds alone', () => {
    const opened = run([
      { type: 'opened', selection: matchOddsBack },
      { type: 'quoteChanged', quote: quote(185) },
    ]);
    expect(opened).toMatchObject({ odds: 185, live: { price: 185 }, move: null });
    const down = run([{ type: 'quoteChanged', quote: quote(141) }], opened);
    expect(down).toMatchObject({ odds: 185, live: { price: 141 }, move: { direction: 'down', count: 1 } });
    const up = run([{ type: 'quoteChanged', quote: quote(150) }], down);
    expect(up.move).toEqual({ direction: 'up', count: 2 });
    // The same quote again changes nothing at all.
    expect(run([{ type: 'quoteChanged', quote: quote(150) }], up)).toBe(up);
  });

  it('moves a fancy line by its run first', () => {
    const opened = run([
      { type: 'opened', selection: fancyNo },
      { type: 'quoteChanged', quote: quote(110, { run: 52 }) },
    ]);
    expect(run([{ type: 'quoteChanged', quote: quote(100, { run: 54 }) }], opened).move?.direction).toBe('up');
  });

  it('keeps a refusal in the slip, offers the price now and takes it in one step', () => {
    const placing = run([
      { type: 'opened', selection: matchOddsBack },
      { type: 'stakeTyped', text: '100' },
      { type: 'placeStarted', at: 1_000 },
    ]);
    const refused = run([{ type: 'placeFailed', refusal: oddsChanged }], placing);
    expect(refused.refusal).toEqual(oddsChanged);
    // The live price that arrives later is the one offered.
    const later = run([{ type: 'quoteChanged', quote: quote(139) }], refused);
    expect(later.refusal?.offer).toEqual({ price: 139, run: null });
    const taken = run([{ type: 'offerTaken', price: 139, run: null }], later);
    expect(taken).toMatchObject({ odds: 139, stakeText: '100', refusal: null });
  });

  it('forgets the reason once the player changes the bet', () => {
    const refused = run([
      { type: 'opened', selection: matchOddsBack },
      { type: 'stakeTyped', text: '100' },
      { type: 'placeStarted', at: 1_000 },
      { type: 'placeFailed', refusal: oddsChanged },
    ]);
    expect(run([{ type: 'stakeTyped', text: '50' }], refused).refusal).toBeNull();
    expect(run([step(-1)], refused).refusal).toBeNull();
  });

  it('takes a fancy line that moved as its new run and size', () => {
    const opened = run([{ type: 'opened', selection: fancyNo }]);
    const taken = run([{ type: 'offerTaken', price: 100, run: 55 }], opened);
    expect(taken).toMatchObject({ odds: 100, selection: { run: 55, size: 100 } });
  });

  it('times the in-play delay of a match-odds bet only', () => {
    const inPlay = quote(185, { inPlay: true, betDelaySeconds: 5 });
    const market = run([
      { type: 'opened', selection: matchOddsBack },
      { type: 'quoteChanged', quote: inPlay },
      { type: 'placeStarted', at: 1_000 },
    ]);
    expect(market.placing).toEqual({ startedAt: 1_000, delayMs: 5_000 });
    const bookmaker = run([
      { type: 'opened', selection: bookmakerLay },
      { type: 'quoteChanged', quote: inPlay },
      { type: 'placeStarted', at: 1_000 },
    ]);
    expect(bookmaker.placing).toEqual({ startedAt: 1_000, delayMs: 0 });
  });

  it('keeps the "accept any price" choice across bets', () => {
    const on = run([{ type: 'anyOddsSet', isOn: true }, { type: 'opened', selection: matchOddsBack }, { type: 'closed' }]);
    expect(on.acceptAnyOdds).toBe(true);
  });
});

describe('a better live price (docs/betting.md "Best execution")', () => {
  const live = (price: number): LiveQuote => ({ status: 'OPEN', price, run: null, inPlay: false, betDelaySeconds: 0 });
  it('is higher odds for a back and lower for a lay; equal or worse is not better', () => {
    const back = run([{ type: 'opened', selection: matchOddsBack }]);
    expect(isLiveBetter(run([{ type: 'quoteChanged', quote: live(190) }], back))).toBe(true);
    expect(isLiveBetter(run([{ type: 'quoteChanged', quote: live(185) }], back))).toBe(false);
    expect(isLiveBetter(run([{ type: 'quoteChanged', quote: live(180) }], back))).toBe(false);
    const lay = run([{ type: 'opened', selection: bookmakerLay }]);
    expect(isLiveBetter(run([{ type: 'quoteChanged', quote: live(40) }], lay))).toBe(true);
    expect(isLiveBetter(run([{ type: 'quoteChanged', quote: live(50) }], lay))).toBe(false);
  });

  it('never applies to a fancy line or a suspended market', () => {
    const fancy = run([{ type: 'opened', selection: fancyNo }]);
    expect(isLiveBetter(run([{ type: 'quoteChanged', quote: live(1) }], fancy))).toBe(false);
    const back = run([{ type: 'opened', selection: matchOddsBack }]);
    expect(isLiveBetter(run([{ type: 'quoteChanged', quote: { ...live(300), status: 'SUSPENDED' } }], back))).toBe(false);
  });
});
