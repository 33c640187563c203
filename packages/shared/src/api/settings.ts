import { z } from 'zod';
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

/** Per-key rules for the operator's global settings (spec §3). Spelled as on the wire. */
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
};

export const getGlobalSetting = defineEndpoint({
  method: 'GET',
  path: 'globalSetting/getGlobalSetting',
  auth: 'public',
  request: z.strictObject({}),
  data: globalSettingsSchema,
});
