import { describe, expect, it } from 'vitest';
import { isProseTable } from './table-layout';

describe('isProseTable', () => {
  it('stacks wide tables of sentences and keeps tables of figures as grids', () => {
    const sentence = 'Caps the total you can deposit in a day, a week and a month.';
    expect(isProseTable(['Control', 'What it does', 'When'], [['Deposit limit', sentence, 'At once']])).toBe(true);
    expect(isProseTable(['Bet', 'Odds', 'Win', 'Lose'], [['Match odds back', '2.50', '+₹150', '−₹100']])).toBe(false);
    expect(isProseTable(['Belief', 'Fact'], [[sentence, sentence]])).toBe(false);
  });
});
