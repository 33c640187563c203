import { describe, expect, it } from 'vitest';
import { formatUpdatedDate } from './format-date';

describe('formatUpdatedDate', () => {
  it('writes the calendar day in the page language without a time-zone shift', () => {
    expect(formatUpdatedDate('2026-11-21', 'en')).toBe('21 November 2026');
    expect(formatUpdatedDate('2026-11-21', 'hi')).toContain('नवंबर');
    expect(formatUpdatedDate('2026-11-21', 'bn')).toContain('নভেম্বর');
  });
});
