import { describe, expect, it } from 'vitest';
import { isRacingSport, placesPaid } from './racing';

describe('racing rules', () => {
  it('pays no place under 5 runners, 2 places for 5–7 and 3 for 8 or more (Betfair’s terms)', () => {
    expect([1, 2, 3, 4].map(placesPaid)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7].map(placesPaid)).toEqual([2, 2, 2]);
    expect([8, 12, 16, 24].map(placesPaid)).toEqual([3, 3, 3, 3]);
  });

  it('knows the racing sports by their ids', () => {
    expect([7, 4339].every(isRacingSport)).toBe(true);
    expect([4, 1, -17].some(isRacingSport)).toBe(false);
  });
});
