import type { GlobalSettings } from '@app/shared';

/**
 * The settings' defaults and a check of their shape, without zod: the first page's script must
 * not carry the contract's schemas (docs/shell.md "Speed"). `settings-shape.test.ts` holds both
 * to the contract (DEFAULT_GLOBAL_SETTINGS and globalSettingsSchema).
 */
export const DEFAULT_GLOBAL_SETTINGS: GlobalSettings = {
  fb_link: '',
  insta_link: '',
  telegram_link: '',
  whatsapp_link: '',
  twitter_link: '',
  logo: '',
  welcome_banner: '',
  favicon: '',
  site_message: '',
  sign_up: '1',
  demo: '1',
  otp_enable: '0',
  payment_gateway: '0',
  bg_primary_color: '#0e1621',
  bg_secondry_color: '#1a2738',
  text_primary_color: '#ffffff',
  text_secondry_color: '#a9b8cc',
  other_color: '#f5b400',
  site_title: '',
};

type Rule = (value: string) => boolean;
const anyText: Rule = () => true;
const flag: Rule = (value) => value === '0' || value === '1';
const colour: Rule = (value) => /^#[0-9a-fA-F]{6}$/.test(value);
const imageName: Rule = (value) => value === '' || /^[a-f0-9]{16,64}\.(png|jpg|jpeg|webp|gif|ico|avif)$/.test(value);
const httpsLink: Rule = (value) => value === '' || (value.length <= 300 && /^https:\/\/[^\s"'<>]+$/.test(value));

const RULES: Record<keyof GlobalSettings, Rule> = {
  fb_link: httpsLink,
  insta_link: httpsLink,
  telegram_link: httpsLink,
  whatsapp_link: httpsLink,
  twitter_link: httpsLink,
  logo: imageName,
  welcome_banner: imageName,
  favicon: imageName,
  site_message: (value) => value.length <= 500,
  sign_up: flag,
  demo: flag,
  otp_enable: flag,
  payment_gateway: (value) => ['0', '1', '2', '3'].includes(value),
  bg_primary_color: colour,
  bg_secondry_color: colour,
  text_primary_color: colour,
  text_secondry_color: colour,
  other_color: colour,
  site_title: (value) => value.length <= 100 && anyText(value),
};

/** The settings when `value` has the contract's shape (every key, each value valid), else undefined. */
export function asGlobalSettings(value: unknown): GlobalSettings | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const settings = { ...DEFAULT_GLOBAL_SETTINGS };
  // As the contract's schema: every key must be valid; keys it does not know are dropped.
  for (const key of Object.keys(RULES) as (keyof GlobalSettings)[]) {
    const field = record[key];
    if (typeof field !== 'string' || !RULES[key](field)) return undefined;
    (settings as Record<string, string>)[key] = field;
  }
  return settings;
}
