import type { GlobalSettings } from '@app/shared';

export type ContactKind = 'support' | 'partners' | 'press';

/**
 * Contact e-mails are per deployment: the mailbox at the site's own domain (without "www."),
 * so every white-label site shows its own addresses without extra settings.
 */
export function contactAddresses(hostname: string): { kind: ContactKind; address: string }[] {
  const domain = hostname.replace(/^www\./i, '');
  // An address or a machine name is no mail domain: no invented mailboxes on a trial install.
  if (!domain.includes('.') || /^[\d.]+$/.test(domain) || domain.includes(':')) return [];
  return (['support', 'partners', 'press'] as const).map((kind) => ({ kind, address: `${kind}@${domain}` }));
}

const SOCIAL_KEYS = [
  ['telegram', 'telegram_link'],
  ['whatsapp', 'whatsapp_link'],
  ['instagram', 'insta_link'],
  ['facebook', 'fb_link'],
  ['twitter', 'twitter_link'],
] as const;

/** The operator's social links that are set (the settings only accept https:// addresses). */
export function socialLinks(settings: GlobalSettings): { kind: (typeof SOCIAL_KEYS)[number][0]; url: string }[] {
  return SOCIAL_KEYS.filter(([, key]) => settings[key] !== '').map(([kind, key]) => ({ kind, url: settings[key] }));
}
