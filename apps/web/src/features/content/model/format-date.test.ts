import { describe, expect, it } from 'vitest';
import { formatUpdatedDate } from './format-date';

describe('formatUpdatedDate', () => {
  it('writes the calendar day in the page language without a time-zone shift', () => {
    expect(formatUpdatedDate('2026-11-21', 'en')).toBe('21 Nov 2026');
    expect(formatUpdatedDate('2026-11-21', 'hi')).toMatch(/^21 नव\S* 2026$/);
    expect(formatUpdatedDate('2026-11-21', 'bn')).toMatch(/^21 নভে\S*,? 2026$/);
  });
});
