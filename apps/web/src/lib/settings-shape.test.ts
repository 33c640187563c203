import { DEFAULT_GLOBAL_SETTINGS as CONTRACT_DEFAULTS, SETTING_KEYS, globalSettingsSchema } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GLOBAL_SETTINGS, asGlobalSettings } from './settings-shape';

const custom = {
  ...CONTRACT_DEFAULTS,
  site_title: 'Royal Play',
  logo: 'a1b2c3d4e5f60718.png',
  fb_link: 'https://facebook.com/royal',
  payment_gateway: '2',
  other_color: '#22c55e',
};

const broken: [string, unknown][] = [
  ['not an object', 'text'],
  ['a missing key', { ...CONTRACT_DEFAULTS, site_title: undefined }],
  ['a bad colour', { ...CONTRACT_DEFAULTS, bg_primary_color: 'red' }],
  ['a bad flag', { ...CONTRACT_DEFAULTS, sign_up: 'yes' }],
  ['a bad image name', { ...CONTRACT_DEFAULTS, logo: '../etc/passwd' }],
  ['an http link', { ...CONTRACT_DEFAULTS, fb_link: 'http://x.test' }],
  ['a number', { ...CONTRACT_DEFAULTS, demo: 1 }],
];

describe('settings shape without zod', () => {
  it('has the contract defaults and keys', () => {
    expect(DEFAULT_GLOBAL_SETTINGS).toEqual(CONTRACT_DEFAULTS);
    expect(Object.keys(DEFAULT_GLOBAL_SETTINGS).sort()).toEqual([...SETTING_KEYS].sort());
  });

  it('accepts what the contract accepts', () => {
    for (const value of [CONTRACT_DEFAULTS, custom]) {
      expect(globalSettingsSchema.safeParse(value).success).toBe(true);
      expect(asGlobalSettings(value)).toEqual(value);
    }
  });

  it('drops keys the contract does not know, as the contract does', () => {
    const value = { ...custom, extra: '1' };
    expect(globalSettingsSchema.parse(value)).toEqual(custom);
    expect(asGlobalSettings(value)).toEqual(custom);
  });

  it.each(broken)('rejects %s, as the contract does', (_name, value) => {
    expect(globalSettingsSchema.safeParse(value).success).toBe(false);
    expect(asGlobalSettings(value)).toBeUndefined();
  });
});
