import { describe, expect, it } from 'vitest';
import { dateRangeProblem, defaultDateRange, toIsoDate } from './date-range';

const today = new Date(2026, 2, 15, 12, 0, 0); // 15 March 2026, local time

describe('report date ranges', () => {
  it('defaults to the last 7 days up to today', () => {
    expect(defaultDateRange(today)).toEqual({ from: '2026-03-08', to: '2026-03-15' });
  });

  it('formats local dates as YYYY-MM-DD', () => {
    expect(toIsoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('accepts a range within 90 days back and not in the future', () => {
    expect(dateRangeProblem({ from: '2025-12-15', to: '2026-03-15' }, today)).toBeNull();
    expect(dateRangeProblem({ from: '2026-03-15', to: '2026-03-15' }, today)).toBeNull();
  });

  it('names what is wrong with a range', () => {
    expect(dateRangeProblem({ from: '', to: '2026-03-15' }, today)).toBe('required');
    expect(dateRangeProblem({ from: '2026-03-10', to: '2026-03-09' }, today)).toBe('fromAfterTo');
    expect(dateRangeProblem({ from: '2025-12-14', to: '2026-03-15' }, today)).toBe('tooFarBack');
    expect(dateRangeProblem({ from: '2026-03-10', to: '2026-03-16' }, today)).toBe('inFuture');
  });
});

describe('report days are India calendar days', () => {
  it('is already tomorrow in India at 19:00 UTC, wherever the device is', () => {
    const evening = new Date(Date.UTC(2026, 10, 23, 19, 0));
    expect(defaultDateRange(evening)).toEqual({ from: '2026-11-17', to: '2026-11-24' });
    expect(dateRangeProblem({ from: '2026-11-24', to: '2026-11-24' }, evening)).toBeNull();
  });
});
