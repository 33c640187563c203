import { describe, expect, it } from 'vitest';
import { keepBounded } from './bounded-map';

describe('keepBounded', () => {
  it('forgets the oldest entry of a full map, and never one for a key it already holds', () => {
    const map = new Map<string, number>();
    expect(keepBounded(map, 'a', 1, 2)).toBe(1);
    keepBounded(map, 'b', 2, 2);
    keepBounded(map, 'b', 3, 2);
    expect([...map]).toEqual([
      ['a', 1],
      ['b', 3],
    ]);
    keepBounded(map, 'c', 4, 2);
    expect([...map]).toEqual([
      ['b', 3],
      ['c', 4],
    ]);
  });
});
