import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { GlobalSettings } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import {
  compressPage,
  type HomeHeroText,
  type PaintedPage,
  renderIndexHtml,
  type SiteLanguage,
  withModulePreloads,
} from './web-shell';
import { type Translate, translator } from './sports-paint';
import { keepBounded } from '../../lib/bounded-map';

/** Reads the operator's settings (the settings service; cached per instance). */
export interface WebAppSettingsSource {
  getSettings(): Promise<GlobalSettings>;
}

/** Distinct (settings, host name, language, page group) pages kept painted and compressed; a settings change makes new ones. */
const PAINTED_PAGE_CACHE_SIZE = 16;

/**
 * The build's `route-preloads.json` (apps/web/vite.config.ts): per group of pages, the script
 * files its pages load beyond the app's own. Pages of a group name them in their head.
 */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export /** The sports pages (docs/product.md §2 /sports/…, /sports-detail/…) share one chunk of code. */
function pageGroupOf(pathname: string): 'sports' | null {
  return pathname.startsWith('/sports/') || pathname.startsWith('/sports-detail/') ? 'sports' : null;
}

function readRoutePreloads(distDir: string): Record<string, string[]> {
  try {
    return JSON.parse(readFileSync(path.join(distDir, ROUTE_PRELOADS_FILE), 'utf8')) as Record<string, string[]>;
  } catch {
    return {};
  }
}

export type PaintedPages = ReturnType<typeof createPaintedPages>;

/**
 * `index.html` painted with the operator's branding for each (settings, host name, language,
 * page group), kept compressed; and the built translations the pages are painted in.
 */
export function createPaintedPages(
  distDir: string,
  template: string | null,
  settingsSource: WebAppSettingsSource | undefined,
  hasFirstState: boolean,
) {
  const routePreloads = readRoutePreloads(distDir);
  const painted = new Map<string, PaintedPage>();
  const translations = new Map<SiteLanguage, Translate>();

  /** The built translations of a language (assets/i18n/{lang}.json), read once; none: every text empty. */
  function textsIn(language: SiteLanguage): Translate {
    let t = translations.get(language);
    if (!t) {
      let texts: Record<string, unknown>;
      try {
        texts = JSON.parse(readFileSync(path.join(distDir, 'assets/i18n', `${language}.json`), 'utf8')) as Record<
          string,
          unknown
        >;
      } catch {
        texts = {};
      }
      t = translator(texts);
      translations.set(language, t);
    }
    return t;
  }

  /** The home hero's texts, when the translations have them. */
  function heroTextIn(language: SiteLanguage): (HomeHeroText & { welcome: string }) | null {
    const t = textsIn(language);
    const hero = { eyebrow: t('shell.home.eyebrow'), title: t('shell.home.title'), lead: t('shell.home.lead') };
    return hero.eyebrow && hero.title && hero.lead ? { ...hero, welcome: t('site.welcome') } : null;
  }

  async function paintedPage(request: FastifyRequest, pathname: string, language: SiteLanguage): Promise<PaintedPage> {
    const settings = settingsSource ? await settingsSource.getSettings() : null;
    const { hostname } = request;
    const isHome = pathname === '/' || pathname === '/home';
    const group = pageGroupOf(pathname);
    const key = JSON.stringify([settings, hostname, language, isHome, group]);
    let page = painted.get(key);
    if (!page) {
      const hero = isHome && settings ? heroTextIn(language) : null;
      // As the app: the operator's name only from site_title; no host name beside the logo.
      const brand = settings?.site_title.trim() ?? '';
      const homeHero =
        hero && (brand || hero.welcome)
          ? { title: hero.title, lead: hero.lead, eyebrow: brand ? hero.eyebrow.replace('{{site}}', brand) : hero.welcome }
          : null;
      // A sports page's first screen is painted into it for each request (sports-paint.ts).
      const hasPaintedMain = group === 'sports' && hasFirstState;
      const html =
        settings && template
          ? renderIndexHtml(template, settings, { hostname, language, homeHero, hasPaintedMain })
          : (template ?? '');
      page = compressPage(withModulePreloads(html, (group && routePreloads[group]) || []));
      keepBounded(painted, key, page, PAINTED_PAGE_CACHE_SIZE);
    }
    return page;
  }

  return { textsIn, paintedPage };
}
