import { describe, expect, it } from 'vitest';
import type { Sport } from '@app/shared';
import { isSportsbookAvailable } from './sportsbook';
import { allowedSportsbookUrl, frameHostsFromCsp } from './sportsbook-frame-url';

const cricket = (isActive: '0' | '1'): Sport => ({ sport_id: 4, name: 'cricket', is_active: isActive });
const football: Sport = { sport_id: 1, name: 'football', is_active: '1' };

describe('isSportsbookAvailable (docs/product.md §4)', () => {
  it('is available when sport 4 is in the list and active', () => {
    expect(isSportsbookAvailable([football, cricket('1')], false)).toBe(true);
  });
  it('is unavailable when the call failed, the list is empty, or sport 4 is missing or inactive', () => {
    expect(isSportsbookAvailable([cricket('1')], true)).toBe(false);
    expect(isSportsbookAvailable(undefined, false)).toBe(false);
    expect(isSportsbookAvailable([], false)).toBe(false);
    expect(isSportsbookAvailable([football], false)).toBe(false);
    expect(isSportsbookAvailable([football, cricket('0')], false)).toBe(false);
  });
});

describe('frameHostsFromCsp', () => {
  it('reads the https hosts of frame-src', () => {
    const policy = "default-src 'self'; frame-src https://sb.example.com https://Play.Example.org; frame-ancestors 'none'";
    expect(frameHostsFromCsp(policy)).toEqual(['sb.example.com', 'play.example.org']);
  });
  it('finds nothing when framing is off or there is no policy', () => {
    expect(frameHostsFromCsp("default-src 'self'; frame-src 'none'")).toEqual([]);
    expect(frameHostsFromCsp(null)).toEqual([]);
  });
});

describe('allowedSportsbookUrl', () => {
  const hosts = ['sb.example.com'];
  it('accepts an https address on an allowed host', () => {
    expect(allowedSportsbookUrl('https://sb.example.com/launch?token=a%20b', hosts)).toBe(
      'https://sb.example.com/launch?token=a%20b',
    );
  });
  it('refuses a missing, malformed, non-https, credentialed or unlisted address', () => {
    expect(allowedSportsbookUrl(null, hosts)).toBeNull();
    expect(allowedSportsbookUrl('', hosts)).toBeNull();
    expect(allowedSportsbookUrl('not a url', hosts)).toBeNull();
    expect(allowedSportsbookUrl('http://sb.example.com/', hosts)).toBeNull();
    expect(allowedSportsbookUrl('javascript:alert(1)', hosts)).toBeNull();
    expect(allowedSportsbookUrl('https://user:pw@sb.example.com/', hosts)).toBeNull();
    expect(allowedSportsbookUrl('https://sb.example.com.evil.io/', hosts)).toBeNull();
    expect(allowedSportsbookUrl('https://sb.example.com/', [])).toBeNull();
  });
});
