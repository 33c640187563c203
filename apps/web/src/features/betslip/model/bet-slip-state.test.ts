import { describe, expect, it } from 'vitest';
import { type BetSlipAction, type BetSlipState, betSlipReducer, canStepOdds, initialBetSlipState } from './bet-slip-state';
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
      { type: 'placeStarted' },
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
      { type: 'placeStarted' },
    ]);
    expect(run([{ type: 'placeSucceeded' }], placing)).toEqual({ ...initialBetSlipState, openCount: 1 });
    expect(run([{ type: 'placeFailed' }], placing)).toEqual({ ...placing, isPlacing: false });
  });

  it('cannot start placing with nothing selected', () => {
    expect(run([{ type: 'placeStarted' }])).toBe(initialBetSlipState);
  });
});
