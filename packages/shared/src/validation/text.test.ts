import { describe, expect, it } from 'vitest';
import { hasDisallowedLabelCharacters } from './text';

describe('hasDisallowedLabelCharacters', () => {
  it.each(['1K', '₹500', 'दस हज़ार', 'পাঁচশো', 'Big bet!'])('accepts %s', (label) => {
    expect(hasDisallowedLabelCharacters(label)).toBe(false);
  });

  it.each([
    ['a right-to-left override', 'abc\u202Efed'],
    ['a bidi isolate', '\u2067x\u2069'],
    ['a zero-width space', 'a\u200Bb'],
    ['a zero-width joiner', 'a\u200Db'],
    ['a byte order mark', '\uFEFF1K'],
    ['NUL', 'a\u0000'],
    ['a lone surrogate', 'a\uD800'],
    ['markup', '<b>'],
    ['a line separator', 'a\u2028b'],
  ])('refuses %s', (_what, label) => {
    expect(hasDisallowedLabelCharacters(label)).toBe(true);
  });
});
