import { describe, expect, it } from 'vitest';
import { formatCompactNumber } from './compact-number';

describe('formatCompactNumber', () => {
  it.each([
    ['-', '-'],
    [0, '0'],
    ['0', '0'],
    [999, '999'],
    [1_000, '1K'],
    [1_550, '1.5K'],
    [2_500_000, '2.5M'],
    [3_000_000_000, '3B'],
    [-1_200, '-1.2K'],
    ['abc', '0'],
  ] as const)('formats %s as %s', (input, expected) => {
    expect(formatCompactNumber(input)).toBe(expected);
  });
});
