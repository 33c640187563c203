import { z } from 'zod';
import { DEPOSIT_PRESETS_PATTERN, MAX_DEPOSIT_SETTING_RUPEES } from '../domain/payments';
import { defineEndpoint } from './contract';

const flag = z.enum(['0', '1']);
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c');
const httpsLinkOrEmpty = z
  .string()
  .max(300)
  .refine((value) => value === '' || /^https:\/\/[^\s"'<>]+$/.test(value), 'must be an https:// address or empty');
/** Names the upload store gives to images: random hex and an image extension. */
export const STORED_IMAGE_NAME = /^[a-f0-9]{16,64}\.(png|jpg|jpeg|webp|gif|ico|avif)$/;
const imageNameOrEmpty = z
  .string()
  .refine((value) => value === '' || STORED_IMAGE_NAME.test(value), 'must be a stored image name or empty');

/** A whole number of rupees from `min` to ₹1 crore, as text. */
const wholeRupees = (min: number) =>
  z
    .string()
    .regex(/^\d{1,8}$/, 'must be a whole number of rupees')
    .refine((value) => Number(value) >= min && Number(value) <= MAX_DEPOSIT_SETTING_RUPEES, {
      message: `must be from ${min} to ${MAX_DEPOSIT_SETTING_RUPEES}`,
    });

/**
 * Per-key rules for the operator's global settings (docs/product.md §3). Spelled as on the wire. The keys
 * after `site_title` are ours (docs/payments.md): the deposit limits and presets, and the
 * first-deposit bonus (`percent` of the first deposit up to `max` rupees, into a bonus wallet).
 */
export const settingValueSchemas = {
  fb_link: httpsLinkOrEmpty,
  insta_link: httpsLinkOrEmpty,
  telegram_link: httpsLinkOrEmpty,
  whatsapp_link: httpsLinkOrEmpty,
  twitter_link: httpsLinkOrEmpty,
  logo: imageNameOrEmpty,
  welcome_banner: imageNameOrEmpty,
  favicon: imageNameOrEmpty,
  site_message: z.string().max(500),
  sign_up: flag,
  demo: flag,
  otp_enable: flag,
  /** 1, 2 and 3 name enabled gateways; 0 is off. */
  payment_gateway: z.enum(['0', '1', '2', '3']),
  bg_primary_color: color,
  bg_secondry_color: color,
  text_primary_color: color,
  text_secondry_color: color,
  other_color: color,
  site_title: z.string().max(100),
  min_deposit: wholeRupees(1),
  max_deposit: wholeRupees(1),
  deposit_presets: z.string().regex(DEPOSIT_PRESETS_PATTERN, 'must be 1 to 6 whole rupee amounts separated by commas'),
  first_deposit_bonus_percent: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole percentage')
    .refine((value) => Number(value) <= 500, 'must be at most 500'),
  first_deposit_bonus_max: z.union([z.literal('0'), wholeRupees(1)]),
  first_deposit_bonus_wallet: z.enum(['split', 'wager']),
} as const;

export type SettingKey = keyof typeof settingValueSchemas;
export const SETTING_KEYS = Object.keys(settingValueSchemas) as SettingKey[];

export const globalSettingsSchema = z.object(settingValueSchemas);
export type GlobalSettings = z.infer<typeof globalSettingsSchema>;

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

/**
 * Rules across keys, checked when one is set: what is wrong with these settings together, or
 * null. The deposit range must not be empty.
 */
export function settingsConflict(settings: GlobalSettings): string | null {
  if (Number(settings.min_deposit) > Number(settings.max_deposit)) {
    return `min_deposit (${settings.min_deposit}) must not be more than max_deposit (${settings.max_deposit})`;
  }
  return null;
}

export const getGlobalSetting = defineEndpoint({
  method: 'GET',
  path: 'globalSetting/getGlobalSetting',
  auth: 'public',
  request: z.strictObject({}),
  data: globalSettingsSchema,
});

/**
 * Operators' own settings (docs/operators.md): kept with the global settings and set the same way
 * (`settings set`, `admin/setSetting`), but never sent to the site. `four_eyes_amount`: credits,
 * debits and withdrawal approvals above this many rupees wait for a second operator; 0 turns it off.
 */
export const operatorSettingValueSchemas = {
  four_eyes_amount: z.union([z.literal('0'), wholeRupees(1)]),
} as const;
export type OperatorSettingKey = keyof typeof operatorSettingValueSchemas;
export const OPERATOR_SETTING_KEYS = Object.keys(operatorSettingValueSchemas) as OperatorSettingKey[];
export type OperatorSettings = Record<OperatorSettingKey, string>;
export const DEFAULT_OPERATOR_SETTINGS: OperatorSettings = { four_eyes_amount: '50000' };
