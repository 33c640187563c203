import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type GlobalSettings, type PaintedCall, UPLOAD_IMAGE_PATH } from '@app/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import {
  compressPage,
  type HomeHeroText,
  languageFromCookie,
  type PaintedPage,
  renderIndexHtml,
  type SiteLanguage,
  timeZoneFromCookie,
  withFirstState,
  withModulePreloads,
  withPaintedMain,
} from './web-shell';
import { paintSportsPage, type Translate, translator } from './sports-paint';
import { createFirstScreenStyle, indexStyleSheet } from './first-screen-style';

/** Reads the operator's settings (the settings service; cached per instance). */
export interface WebAppSettingsSource {
  getSettings(): Promise<GlobalSettings>;
}

/**
 * A page's first data for the server to paint into it (the sports pages' prices, composed in
 * app.ts from the markets module); null for a page that has none. It must answer fast: every
 * load of such a page waits for it.
 */
export type FirstStateSource = (pathname: string) => Promise<PaintedCall[] | null>;

/** Distinct (settings, host name, language, page group) pages kept painted and compressed; a settings change makes new ones. */
const PAINTED_PAGE_CACHE_SIZE = 16;

/**
 * The build's `route-preloads.json` (apps/web/vite.config.ts): per group of pages, the script
 * files its pages load beyond the app's own. Pages of a group name them in their head.
 */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** The sports pages (docs/product.md §2 /sports/…, /sports-detail/…) share one chunk of code. */
function pageGroupOf(pathname: string): 'sports' | null {
  return pathname.startsWith('/sports/') || pathname.startsWith('/sports-detail/') ? 'sports' : null;
}

/**
 * For pages the server paints per request (a sports page's first screen): the stylesheet's rules
 * the page's own elements can use, inline, and the stylesheet itself after the content
 * (first-screen-style.ts). Without a built stylesheet, pages are left as they are.
 */
function firstScreenStyleOf(distDir: string, template: string | null): (html: string) => string {
  const href = template && /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/.exec(template)?.[1];
  if (!href) return (html) => html;
  try {
    return createFirstScreenStyle(indexStyleSheet(href, readFileSync(path.join(distDir, href), 'utf8')));
  } catch {
    return (html) => html;
  }
}

function readRoutePreloads(distDir: string): Record<string, string[]> {
  try {
    return JSON.parse(readFileSync(path.join(distDir, ROUTE_PRELOADS_FILE), 'utf8')) as Record<string, string[]>;
  } catch {
    return {};
  }
}

type Encoding = 'br' | 'gzip' | null;

function preferredEncoding(request: FastifyRequest): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: PaintedPage) {
  const encoding = preferredEncoding(request);
  // The operator console's pages are never stored by a browser or a proxy (docs/operators.md).
  const isConsole = /^\/admin(?:[/?#]|$)/.test(request.url);
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', isConsole ? 'no-store' : 'no-cache')
    .header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  // The painted frame's <style> (web-shell.ts) must apply at the first paint: allow exactly its
  // text by hash, so the site's policy still refuses any other inline style.
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string' && page.styleHashes.length > 0) {
    reply.header('content-security-policy', policy.replace("style-src 'self'", `style-src 'self' ${page.styleHashes.join(' ')}`));
  }
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, each
 * as the precompressed `.br`/`.gz` the build wrote when the browser accepts it, and for every
 * client route `index.html` painted with the operator's branding (title, colours, logo, ticker
 * space, the settings themselves) so the first paint is already the operator's site.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  settingsSource?: WebAppSettingsSource,
  firstState?: FirstStateSource,
): Promise<void> {
  const indexPath = path.join(distDir, 'index.html');
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  const routePreloads = readRoutePreloads(distDir);
  const firstScreenStyle = firstScreenStyleOf(distDir, template);
  const hasDefaultIcon = existsSync(path.join(distDir, 'favicon.ico'));
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
      const hasPaintedMain = group === 'sports' && firstState !== undefined;
      const html =
        settings && template
          ? renderIndexHtml(template, settings, { hostname, language, homeHero, hasPaintedMain })
          : (template ?? '');
      page = compressPage(withModulePreloads(html, (group && routePreloads[group]) || []));
      if (painted.size >= PAINTED_PAGE_CACHE_SIZE) painted.delete(painted.keys().next().value ?? '');
      painted.set(key, page);
    }
    return page;
  }

  if (template) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // index.html is only ever sent painted (below); the favicon route decides about the icon.
      globIgnore: ['index.html', 'index.html.*', 'favicon.ico', 'favicon.ico.*'],
      setHeaders: (res, filePath) => {
        const isHashed = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|svg|avif|webp)(\.br|\.gz)?$/.test(
          filePath,
        );
        res.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.header('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn({ distDir }, 'the web app is not built; run `npm run build`');
  }

  // Browsers ask for /favicon.ico on their own: the operator's icon when set, else the site's default.
  app.get('/favicon.ico', async (_request, reply) => {
    const favicon = settingsSource ? (await settingsSource.getSettings()).favicon : '';
    if (favicon)
      return reply.header('cache-control', 'no-cache').redirect(`/api/${UPLOAD_IMAGE_PATH}/${encodeURIComponent(favicon)}`, 302);
    if (!hasDefaultIcon) throw new AppError('NOT_FOUND', 'Not found');
    return reply
      .type('image/x-icon')
      .header('cache-control', 'public, max-age=86400')
      .send(readFileSync(path.join(distDir, 'favicon.ico')));
  });

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    const looksLikeFile = /\.[a-z0-9]{1,5}(\?|$)/i.test(request.url);
    const isPageRead = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || looksLikeFile || !isPageRead || !template) {
      throw new AppError('NOT_FOUND', isApi ? 'No such API endpoint' : 'Not found');
    }
    const pathname = new URL(request.url, 'http://site').pathname;
    const language = languageFromCookie(request.headers.cookie);
    const page = await paintedPage(request, pathname, language);
    if (!firstState || pageGroupOf(pathname) === null) return sendPage(request, reply, page);
    const calls = (await firstStateOf(pathname, request)) ?? [];
    if (calls.length === 0) return sendPage(request, reply, frameOnly(page));
    // A page with its first data is painted for this request (fast compression, not cached):
    // its first screen in the frame, its data for the app's query cache.
    const content = paintedContentOf(calls, language, request);
    const html = firstScreenStyle(withPaintedMain(page.html.toString(), content));
    return sendPage(request, reply, compressPage(withFirstState(html, calls)));
  });

  /** A sports page without first data (the live list, an unknown match): the frame alone, compressed once. */
  const framesOnly = new WeakMap<PaintedPage, PaintedPage>();
  function frameOnly(page: PaintedPage): PaintedPage {
    let frame = framesOnly.get(page);
    if (!frame) {
      frame = compressPage(firstScreenStyle(withPaintedMain(page.html.toString(), null)));
      framesOnly.set(page, frame);
    }
    return frame;
  }

  /** The page's first screen from its data; a failure only leaves it to the app, as the data's does. */
  function paintedContentOf(calls: PaintedCall[], language: SiteLanguage, request: FastifyRequest): string | null {
    try {
      return paintSportsPage(calls, {
        t: textsIn(language),
        language,
        timeZone: timeZoneFromCookie(request.headers.cookie),
        now: new Date(),
      });
    } catch (error) {
      request.log.warn({ err: error }, 'painting the page failed');
      return null;
    }
  }

  /** The page's first data; a failure only costs the page its head start (the app asks itself). */
  async function firstStateOf(pathname: string, request: FastifyRequest): Promise<PaintedCall[] | null> {
    try {
      return (await firstState?.(pathname)) ?? null;
    } catch (error) {
      request.log.warn({ err: error }, 'first state of the page failed');
      return null;
    }
  }
}
