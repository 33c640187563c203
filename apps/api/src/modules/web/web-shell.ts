import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { type GlobalSettings, PAINTED_STATE_ELEMENT_ID, type PaintedCall, UPLOAD_IMAGE_PATH } from '@app/shared';

/** Where the build's index.html takes the painted shell (apps/web/index.html). */
export const HEAD_SLOT = '<!--app-head-->';
export const ROOT_SLOT = '<!--app-shell-->';
/** Where a page painted per request (a sports page's first screen) goes inside the frame. */
const PAGE_MAIN_SLOT = '<!--page-main-->';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** JSON inside a `<script type="application/json">`: `<` escaped so no text can close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function imageUrl(fileName: string): string {
  return `/api/${UPLOAD_IMAGE_PATH}/${encodeURIComponent(fileName)}`;
}

/** Black or white, whichever reads better on the accent (same rule as the web app's branding). */
function readableTextOn(hex: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#111111';
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 ? '#111111' : '#ffffff';
}

const MENU_ICON =
  '<svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M4 6h16M4 12h16M4 18h16"/></svg>';
const MEGAPHONE_ICON =
  '<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M3 10v4a1 1 0 0 0 1 1h2l5 4V5L6 9H4a1 1 0 0 0-1 1zM15 9a4 4 0 0 1 0 6M18 6a8 8 0 0 1 0 12"/></svg>';

/**
 * Enough style for the painted frame to show before the site's stylesheet arrives, in the same
 * sizes (docs/shell.md "Speed"): the stylesheet is fetched without blocking the first paint and
 * the app renders once it is in.
 */
const BOOT_CSS = [
  ':root{--header-h:60px;--ticker-h:34px;--sidebar-w:272px;color-scheme:dark;line-height:1.5;' +
    "font-family:Inter,'Segoe UI','Noto Sans','Noto Sans Devanagari','Noto Sans Bengali',system-ui,-apple-system,Roboto,Arial,sans-serif}",
  '*,*::before,*::after{box-sizing:border-box}',
  'body{margin:0;overflow-x:clip;min-height:100dvh;background:var(--bg-primary);color:var(--text-primary)}',
  'img,svg{display:block;max-width:100%}',
  '.shell-header{position:sticky;top:0;z-index:56;display:flex;align-items:center;gap:.5rem;height:var(--header-h);' +
    'padding:0 .5rem;padding-top:env(safe-area-inset-top);background:var(--bg-secondary);' +
    'border-bottom:1px solid color-mix(in srgb,var(--text-secondary) 20%,transparent)}',
  '.shell-header__menu{display:grid;flex:none;place-items:center;width:44px;height:44px;color:var(--text-primary)}',
  // The logo's box is the same before its image arrives and after: nothing moves when it loads.
  '.shell-logo{display:flex;flex:0 1 auto;align-items:center;width:112px;min-width:36px;overflow:hidden;height:44px}',
  '.shell-logo__image{width:100%;height:34px;object-fit:contain;object-position:left center}',
  '.shell-logo__text{overflow:hidden;max-width:38vw;font-size:1.1rem;font-weight:800;text-overflow:ellipsis;white-space:nowrap}',
  '.shell__body{display:flex;align-items:flex-start}.shell__content{flex:1;min-width:0}',
  '.shell-ticker{display:flex;align-items:center;height:var(--ticker-h);overflow:hidden;font-size:.85rem;' +
    'background:color-mix(in srgb,var(--accent) 12%,var(--bg-primary));' +
    'border-bottom:1px solid color-mix(in srgb,var(--accent) 25%,transparent)}',
  '.shell-ticker__badge{display:grid;flex:none;place-items:center;width:40px;height:100%;background:var(--accent);color:var(--on-accent)}',
  '.shell-ticker__viewport{flex:1;overflow:hidden}.shell-ticker__track{margin:0;padding-left:1rem;white-space:nowrap}',
  '.shell-boot__sidebar{display:none}',
  // The /home hero's text, as home-hero.css lays it out (its art waits for the stylesheet).
  '.shell--boot .shell__main{padding:1rem .9rem 2rem}',
  '.shell--boot .home{display:flex;flex-direction:column;gap:1.75rem;max-width:1280px;margin:0 auto}',
  '.shell--boot .home-hero{position:relative;display:grid;overflow:hidden;min-height:250px;padding:1.5rem 1.25rem;' +
    'border:1px solid color-mix(in srgb,var(--accent) 25%,transparent);border-radius:16px;isolation:isolate;' +
    'background:linear-gradient(135deg,var(--bg-secondary),color-mix(in srgb,var(--bg-primary),#000 25%))}',
  '.shell--boot .home-hero__text{position:relative;z-index:1;max-width:34rem}',
  '.shell--boot .home-hero__eyebrow{display:inline-block;margin:0 0 .6rem;padding:.2rem .65rem;border-radius:999px;' +
    'background:color-mix(in srgb,var(--accent) 14%,transparent);color:var(--accent);font-size:.78rem;font-weight:800;' +
    'letter-spacing:.06em;text-transform:uppercase}',
  '.shell--boot .home-hero__title{margin:0;max-width:15ch;font-size:clamp(1.75rem,7.5vw,3rem);font-weight:900;' +
    'letter-spacing:-.01em;line-height:1.08}',
  '.shell--boot .home-hero__lead{max-width:30rem;margin:.75rem 0 1.25rem;color:var(--text-secondary);font-size:1rem}',
  '.shell--boot .home-hero__art{display:none}',
  '@media (min-width:640px){.shell--boot .home-hero{min-height:300px;padding:2.5rem 2rem;align-items:center}}',
  '@media (min-width:1024px){.shell--boot .shell__main{padding:1.5rem 1.75rem 3rem}}',
  '@media (min-width:1024px){.shell-logo{width:170px}.shell-logo__image{height:40px}' +
    '.shell-boot__sidebar{display:block;flex:none;width:var(--sidebar-w);height:calc(100dvh - var(--header-h));background:var(--bg-secondary)}}',
].join('');

/** The site's languages: a `lang` cookie (set by the app) names the player's. */
export type SiteLanguage = 'en' | 'hi' | 'bn';

export function languageFromCookie(cookieHeader: string | undefined): SiteLanguage {
  const match = /(?:^|;\s*)lang=(en|hi|bn)(?:;|$)/.exec(cookieHeader ?? '');
  return (match?.[1] as SiteLanguage | undefined) ?? 'en';
}

// The player's time zone from the `tz` cookie: one reading for painted pages and refusals.
export { timeZoneFromCookie } from '@app/shared';

/**
 * The head additions: title, brand colours as CSS variables, theme colour, favicon and the
 * settings themselves (read by the app before its first render, so it never paints defaults first).
 */
function renderHead(settings: GlobalSettings, siteName: string, language: SiteLanguage): string {
  const colours = [
    `--bg-primary:${settings.bg_primary_color}`,
    `--bg-secondary:${settings.bg_secondry_color}`,
    `--text-primary:${settings.text_primary_color}`,
    `--text-secondary:${settings.text_secondry_color}`,
    `--accent:${settings.other_color}`,
    `--on-accent:${readableTextOn(settings.other_color)}`,
  ].join(';');
  const parts = [
    `<title>${escapeHtml(siteName)}</title>`,
    // Colours are validated #rrggbb values (settings schema), safe inside a style attribute's text.
    `<style id="brand-colors">:root{${colours}}${BOOT_CSS}</style>`,
    // The translations the app loads first, fetched alongside its scripts rather than after them.
    `<link rel="preload" as="fetch" crossorigin href="/assets/i18n/${language}.json" />`,
    `<meta name="theme-color" content="${escapeHtml(settings.bg_primary_color)}" />`,
    settings.favicon ? `<link rel="icon" href="${escapeHtml(imageUrl(settings.favicon))}" />` : '',
    settings.logo ? `<link rel="preload" as="image" href="${escapeHtml(imageUrl(settings.logo))}" />` : '',
    `<script type="application/json" id="app-settings">${jsonForScript(settings)}</script>`,
  ];
  return parts.filter(Boolean).join('\n    ');
}

/**
 * The frame the player sees before the script runs: header (menu icon, logo or site name) and
 * the ticker's space, in the same classes and sizes as the app's frame, so the app's first render
 * replaces it without moving anything (docs/shell.md "Speed").
 */
/** The /home hero's texts in the player's language, so the page's largest text paints at once. */
export interface HomeHeroText {
  eyebrow: string;
  title: string;
  lead: string;
}

function renderHomeHero(hero: HomeHeroText): string {
  return (
    `<main class="shell__main"><div class="home"><section class="home-hero" aria-hidden="true">` +
    `<div class="home-hero__text"><p class="home-hero__eyebrow">${escapeHtml(hero.eyebrow)}</p>` +
    `<h1 class="home-hero__title">${escapeHtml(hero.title)}</h1>` +
    `<p class="home-hero__lead">${escapeHtml(hero.lead)}</p></div>` +
    `<div class="home-hero__art"><span class="home-hero__card home-hero__card--back">A</span>` +
    `<span class="home-hero__card home-hero__card--front">K</span><span class="home-hero__chip home-hero__chip--one"></span>` +
    `<span class="home-hero__chip home-hero__chip--two"></span><span class="home-hero__ball"></span></div>` +
    `</section></div></main>`
  );
}

function renderBootShell(settings: GlobalSettings, siteName: string, content: string): string {
  const logo = settings.logo
    ? `<img src="${escapeHtml(imageUrl(settings.logo))}" alt="${escapeHtml(siteName)}" class="shell-logo__image" />`
    : `<span class="shell-logo__text">${escapeHtml(siteName)}</span>`;
  const message = settings.site_message.trim();
  const ticker = message
    ? `<div class="shell-ticker" aria-hidden="true"><span class="shell-ticker__badge">${MEGAPHONE_ICON}</span>` +
      `<div class="shell-ticker__viewport"><p class="shell-ticker__track"><span>${escapeHtml(message)}</span></p></div></div>`
    : '';
  return (
    `<div class="shell shell--boot" aria-busy="true">` +
    `<header class="shell-header"><span class="shell-header__menu">${MENU_ICON}</span>` +
    `<span class="shell-logo">${logo}</span></header>` +
    `<div class="shell__body"><div class="shell-boot__sidebar"></div>` +
    `<div class="shell__content">${ticker}${content}</div></div></div>`
  );
}

/** Spec §9: the page title is site_title, or the host name when it is empty. */
export function siteNameOf(settings: GlobalSettings, hostname: string): string {
  return settings.site_title.trim() || hostname;
}

export interface PaintOptions {
  hostname: string;
  language?: SiteLanguage;
  /** Given on /home: its hero is painted with the frame. */
  homeHero?: HomeHeroText | null;
  /**
   * A page whose content is painted for each request (withPaintedMain): the frame keeps a place
   * for it, and the stylesheet's link stays in the head, where the painted page puts the rules its
   * content needs in its place (first-screen-style.ts), so that content paints styled in the
   * first frame without waiting for the stylesheet.
   */
  hasPaintedMain?: boolean;
}

export function renderIndexHtml(template: string, settings: GlobalSettings, options: PaintOptions): string {
  const { hostname, language = 'en', homeHero = null, hasPaintedMain = false } = options;
  const siteName = siteNameOf(settings, hostname);
  const stylesheets: string[] = [];
  return (
    template
      .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
      .replace(/<title>[^<]*<\/title>\s*/, '')
      .replace(/<meta name="theme-color"[^>]*>\s*/, '')
      // The stylesheet moves after the painted frame: the frame (styled above) paints without
      // waiting for it, and it applies as soon as it arrives; main.tsx renders once it is in.
      .replace(
        /<link rel="stylesheet"( crossorigin)? href="([^"]+)">\s*/g,
        (tag: string, crossorigin: string | undefined, href: string) => {
          if (hasPaintedMain) return tag;
          stylesheets.push(`<link rel="stylesheet"${crossorigin ?? ''} href="${href}" data-app-style>`);
          return '';
        },
      )
      .replace(HEAD_SLOT, () => renderHead(settings, siteName, language))
      .replace(ROOT_SLOT, () =>
        renderBootShell(settings, siteName, hasPaintedMain ? PAGE_MAIN_SLOT : homeHero ? renderHomeHero(homeHero) : ''),
      )
      .replace('</body>', () => `${stylesheets.join('')}</body>`)
  );
}

/**
 * A page's content painted for this request (sports-paint.ts) in the frame's place for it, as
 * the app's `<main>` holds it; null leaves the frame empty there (the app paints the page).
 */
export function withPaintedMain(html: string, content: string | null): string {
  const main = content === null ? '' : `<main id="main-content" class="shell__main" tabindex="-1">${content}</main>`;
  return html.replace(PAGE_MAIN_SLOT, () => main);
}

/**
 * The page's first data before `</body>` (a sports page's prices): the app puts it in its query
 * cache before its first render, so the prices paint with the page rather than a round trip later.
 */
export function withFirstState(html: string, calls: readonly PaintedCall[]): string {
  const element = `<script type="application/json" id="${PAINTED_STATE_ELEMENT_ID}">${jsonForScript(calls)}</script>`;
  return html.replace('</body>', () => `${element}</body>`);
}

/**
 * The page's own code named in the head (`modulepreload`, low priority as the build's own), so it
 * downloads with the app's files instead of after them.
 */
export function withModulePreloads(html: string, files: readonly string[]): string {
  const links = files.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${escapeHtml(file)}">`);
  return links.length === 0 ? html : html.replace('</head>', () => `${links.join('')}</head>`);
}

export interface PaintedPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** CSP sources ('sha256-…') of the page's inline <style> elements, which `style-src 'self'` blocks otherwise. */
  styleHashes: string[];
}

/** The CSP hash source of every inline <style> element's text. */
export function inlineStyleHashes(html: string): string[] {
  // A <style>'s text runs to the first `</style` (CSS may hold `<`, as in `@media (width<=420px)`).
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/** Fast settings for a per-request page: small output, a fraction of a millisecond. */
export function compressPage(html: string): PaintedPage {
  const source = Buffer.from(html);
  return {
    html: source,
    styleHashes: inlineStyleHashes(html),
    br: brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(source, { level: 6 }),
  };
}
