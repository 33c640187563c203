import type { RgState } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  appliesAtOnce,
  classifyChange,
  limitsOfKind,
  parseLimitAmount,
  parseSessionMinutes,
  pauseEndsAt,
  pauseStatus,
  pendingChange,
  usedPercent,
} from './limits-model';

const HOUR = 3_600_000;
const NOW = Date.parse('2027-01-10T10:00:00.000Z');
const limit = (changes: Partial<RgState['limits'][number]> = {}): RgState['limits'][number] => ({
  kind: 'loss',
  period: 'day',
  amount: 500,
  used: 300,
  remaining: 200,
  pending_amount: null,
  pending_from: null,
  ...changes,
});

describe('limits as the controls page shows them', () => {
  it('lists a kind day, week, month, with the ones not set as no limit', () => {
    const state = { limits: [limit({ period: 'month', amount: 900 })] } as RgState;
    expect(limitsOfKind(state, 'loss').map((row) => [row.period, row.amount])).toEqual([
      ['day', null],
      ['week', null],
      ['month', 900],
    ]);
  });

  it('reads a typed limit as rupees with at most two decimals, above 0 and within the maximum', () => {
    expect(parseLimitAmount(' 1,500.50 ')).toEqual({ amount: 1500.5 });
    expect(parseLimitAmount('')).toEqual({ problem: 'required' });
    expect(parseLimitAmount('abc')).toEqual({ problem: 'invalid' });
    expect(parseLimitAmount('-5')).toEqual({ problem: 'invalid' });
    expect(parseLimitAmount('10.555')).toEqual({ problem: 'decimals' });
    expect(parseLimitAmount('0')).toEqual({ problem: 'zero' });
    expect(parseLimitAmount('10000001')).toEqual({ problem: 'tooLarge' });
  });

  it('applies a new or lower limit at once, and makes a raise or a removal wait', () => {
    expect(classifyChange(null, 500)).toBe('new');
    expect(classifyChange(500, 400)).toBe('lower');
    expect(classifyChange(500, 500)).toBe('same');
    expect(classifyChange(500, 600)).toBe('raise');
    expect(classifyChange(500, null)).toBe('remove');
    expect(['new', 'lower', 'same'].every((change) => appliesAtOnce(change as never))).toBe(true);
    expect(appliesAtOnce('raise')).toBe(false);
    expect(appliesAtOnce('remove')).toBe(false);
  });

  it('offers to confirm a pending change only once its moment has passed', () => {
    const from = new Date(NOW + HOUR).toISOString();
    expect(pendingChange(limit(), NOW)).toEqual({ status: 'none' });
    expect(pendingChange(limit({ pending_amount: 900, pending_from: from }), NOW)).toEqual({
      status: 'waiting',
      amount: 900,
      from: NOW + HOUR,
    });
    expect(pendingChange(limit({ pending_from: from }), NOW + HOUR)).toEqual({
      status: 'confirmable',
      amount: null,
      from: NOW + HOUR,
    });
  });

  it('fills the meter by the share used, full at the limit and past it', () => {
    expect(usedPercent(limit())).toBe(60);
    expect(usedPercent(limit({ used: 800 }))).toBe(100);
    expect(usedPercent(limit({ amount: null }))).toBe(0);
  });

  it('takes session limits of whole minutes up to a day', () => {
    expect(parseSessionMinutes('0')).toEqual({ minutes: 0 });
    expect(parseSessionMinutes('1440')).toEqual({ minutes: 1440 });
    expect(parseSessionMinutes('1441')).toEqual({ problem: 'invalid' });
    expect(parseSessionMinutes('30.5')).toEqual({ problem: 'invalid' });
    expect(parseSessionMinutes('')).toEqual({ problem: 'invalid' });
  });
});

describe('pauses', () => {
  it('says when a pause taken now would end; a permanent self-exclusion never does', () => {
    expect(pauseEndsAt('24h', NOW)).toBe(NOW + 24 * HOUR);
    expect(pauseEndsAt('30d', NOW)).toBe(NOW + 30 * 24 * HOUR);
    expect(pauseEndsAt('1y', NOW)).toBe(NOW + 365 * 24 * HOUR);
    expect(pauseEndsAt('permanent', NOW)).toBeNull();
  });

  it('tells a running self-exclusion from one waiting for the request to return, and from a return under way', () => {
    const until = new Date(NOW + HOUR).toISOString();
    const base = { can_request_return: false, return_requested: false };
    expect(pauseStatus({ ...base, pause: null })).toEqual({ status: 'none' });
    expect(pauseStatus({ ...base, pause: { kind: 'time_out', until } })).toEqual({ status: 'time_out', until: NOW + HOUR });
    expect(pauseStatus({ ...base, pause: { kind: 'self_exclusion', until } })).toEqual({
      status: 'self_exclusion',
      until: NOW + HOUR,
    });
    expect(pauseStatus({ ...base, pause: { kind: 'self_exclusion', until: null } })).toEqual({
      status: 'self_exclusion',
      until: null,
    });
    expect(pauseStatus({ ...base, can_request_return: true, pause: { kind: 'self_exclusion', until: null } })).toEqual({
      status: 'awaiting_return',
    });
    expect(pauseStatus({ ...base, return_requested: true, pause: { kind: 'self_exclusion', until } })).toEqual({
      status: 'returning',
      until: NOW + HOUR,
    });
  });
});
