import { describe, expect, it } from 'vitest';
import { formatStart, knownTimeZone, runnerLabels } from './sports-display';

const named = (...names: string[]) => names.map((name) => ({ name }));

describe('runner labels on the lists', () => {
  it('labels sides 1 and 2 and the draw X, wherever the feed puts it', () => {
    expect(runnerLabels(named('India', 'Australia'))).toEqual(['1', '2']);
    expect(runnerLabels(named('Arsenal', 'Chelsea', 'The Draw'))).toEqual(['1', '2', 'X']);
    expect(runnerLabels(named('Arsenal', 'Draw', 'Chelsea'))).toEqual(['1', 'X', '2']);
  });

  it('names the runners of a bigger field', () => {
    expect(runnerLabels(named('Red Rum', 'Arkle', 'Kauto Star', 'Desert Orchid'))).toEqual([
      'Red Rum',
      'Arkle',
      'Kauto Star',
      'Desert Orchid',
    ]);
  });
});

describe('start times', () => {
  const now = new Date('2026-11-27T06:00:00Z');

  it('prints the time alone on the same day in the given zone, and the day too otherwise', () => {
    expect(formatStart('2026-11-27T10:30:00Z', 'en', 'Asia/Kolkata', now)).toBe('4:00 pm');
    // 20:00 UTC is already the 28th in India.
    expect(formatStart('2026-11-27T20:00:00Z', 'en', 'Asia/Kolkata', now)).toBe('28 Nov, 1:30 am');
    expect(formatStart('2026-11-27T20:00:00Z', 'en', 'UTC', now)).toBe('8:00 pm');
  });

  it('keeps Latin digits in Hindi and Bengali', () => {
    expect(formatStart('2026-11-27T10:30:00Z', 'bn', 'Asia/Kolkata', now)).toMatch(/4:00/);
    expect(formatStart('2026-11-27T10:30:00Z', 'hi', 'Asia/Kolkata', now)).toMatch(/4:00/);
  });

  it('knows real time zones only', () => {
    // One canonical name however it is spelled (Node may name Kolkata by its older name).
    expect(knownTimeZone('asia/KOLKATA')).toBe(knownTimeZone('Asia/Kolkata'));
    expect(knownTimeZone('Asia/Kolkata')).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
    expect(knownTimeZone('Mars/Base')).toBeUndefined();
    expect(knownTimeZone('<script>')).toBeUndefined();
    expect(knownTimeZone(undefined)).toBeUndefined();
  });
});
