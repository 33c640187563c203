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
  min_deposit: '100',
  max_deposit: '100000',
  deposit_presets: '500,1000,2000,5000',
  first_deposit_bonus_percent: '0',
  first_deposit_bonus_max: '0',
  first_deposit_bonus_wallet: 'wager',
};

type Rule = (value: string) => boolean;
const anyText: Rule = () => true;
const flag: Rule = (value) => value === '0' || value === '1';
const colour: Rule = (value) => /^#[0-9a-fA-F]{6}$/.test(value);
const imageName: Rule = (value) => value === '' || /^[a-f0-9]{16,64}\.(png|jpg|jpeg|webp|gif|ico|avif)$/.test(value);
const rupees: Rule = (value) => /^\d{1,8}$/.test(value) && Number(value) >= 1 && Number(value) <= 10_000_000;
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
  min_deposit: rupees,
  max_deposit: rupees,
  deposit_presets: (value) => /^\d{1,8}(,\d{1,8}){0,5}$/.test(value),
  first_deposit_bonus_percent: (value) => /^\d{1,3}$/.test(value) && Number(value) <= 500,
  first_deposit_bonus_max: (value) => value === '0' || rupees(value),
  first_deposit_bonus_wallet: (value) => value === 'split' || value === 'wager',
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
