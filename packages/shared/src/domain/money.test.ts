import { describe, expect, it } from 'vitest';
import { isWholePaise, MAX_AMOUNT_PAISE, paiseToRupees, parseRupees, rupeesToPaise } from './money';

describe('parseRupees', () => {
  it.each([
    [100, 10_000],
    ['100', 10_000],
    ['0.5', 50],
    [0.05, 5],
    ['12.34', 1_234],
    [19.99, 1_999],
  ])('reads %s as %i paise', (input, paise) => {
    expect(parseRupees(input)).toEqual({ ok: true, paise });
  });

  it.each([
    [-1],
    ['-1'],
    [1.001],
    ['1.001'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    ['1e3'],
    ['abc'],
    [''],
    [null],
    [{}],
    [1e20],
  ])('refuses %s', (input) => {
    expect(parseRupees(input).ok).toBe(false);
  });

  it('refuses more than the absurd ceiling', () => {
    expect(parseRupees(String(MAX_AMOUNT_PAISE / 100 + 1)).ok).toBe(false);
  });

  it('round-trips paise to rupees', () => {
    expect(paiseToRupees(1_234)).toBe(12.34);
  });
});

describe('rupeesToPaise and isWholePaise', () => {
  it('turns wire rupees into integer paise without float drift', () => {
    expect(rupeesToPaise(0.29)).toBe(29);
    expect(rupeesToPaise(19.99)).toBe(1_999);
    expect(rupeesToPaise(60_600)).toBe(6_060_000);
    expect(paiseToRupees(rupeesToPaise(1_234.56))).toBe(1_234.56);
  });

  it('accepts two decimals at most', () => {
    expect(isWholePaise(0.1 + 0.2)).toBe(true);
    expect(isWholePaise(12.34)).toBe(true);
    expect(isWholePaise(1.001)).toBe(false);
  });
});
