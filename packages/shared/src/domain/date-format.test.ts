import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatMoment, timeZoneFromCookie } from './date-format';

const MOMENT = Date.UTC(2026, 11, 6, 18, 35); // 7 Dec 2026, 00:05 in India

describe('one way to write a moment (docs/shell.md "Dates and times")', () => {
  it('writes the date and time in the player’s zone, the Indian way, with Latin digits in every language', () => {
    expect(formatMoment(MOMENT, 'en', { timeZone: 'Asia/Kolkata' })).toBe('7 Dec 2026, 12:05 am');
    expect(formatMoment(MOMENT, 'hi', { timeZone: 'Asia/Kolkata' })).toMatch(/^7 \S+ 2026, 12:05 am$/);
    expect(formatMoment(MOMENT, 'bn', { timeZone: 'Asia/Kolkata' })).toMatch(/^7 \S+ 2026, 12:05 (am|AM)$/);
    expect(formatMoment(MOMENT, 'en', { timeZone: 'Europe/London' })).toBe('6 Dec 2026, 6:35 pm');
  });

  it('writes the date or the time alone, from epoch ms, ISO text or a Date alike', () => {
    const iso = new Date(MOMENT).toISOString();
    expect(formatMoment(iso, 'en', { timeZone: 'Asia/Kolkata', parts: 'date' })).toBe('7 Dec 2026');
    expect(formatMoment(new Date(MOMENT), 'en', { timeZone: 'Asia/Kolkata', parts: 'time' })).toBe('12:05 am');
    expect(formatMoment('not a time', 'en')).toBe('not a time');
  });

  it('writes a calendar day as the same day in every zone', () => {
    expect(formatCalendarDay('2026-11-21', 'en')).toBe('21 Nov 2026');
  });

  it('reads the zone from the site’s tz cookie and ignores one the runtime does not know', () => {
    // Canonical names: ICU calls Kolkata by its older name.
    expect(timeZoneFromCookie('lang=hi; tz=Asia%2FKolkata')).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
    expect(timeZoneFromCookie('tz=Mars%2FOlympus')).toBeUndefined();
    expect(timeZoneFromCookie('tz=%E0%A4')).toBeUndefined();
    expect(timeZoneFromCookie(undefined)).toBeUndefined();
  });
});
