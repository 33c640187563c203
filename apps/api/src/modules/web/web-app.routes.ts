import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { UPLOAD_IMAGE_PATH } from '@app/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { type FirstStateSource, createFirstScreens } from './web-first-screen';
import { createPaintedPages, pageGroupOf, type WebAppSettingsSource } from './web-pages';
import { compressPage, languageFromCookie, type PaintedPage, withFirstState, withPaintedMain } from './web-shell';

export type { WebAppSettingsSource } from './web-pages';
export type { FirstStateSource } from './web-first-screen';

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
  const hasDefaultIcon = existsSync(path.join(distDir, 'favicon.ico'));
  const { textsIn, paintedPage } = createPaintedPages(distDir, template, settingsSource, firstState !== undefined);
  const { firstScreenStyle, frameOnly, paintedContentOf, firstStateOf } = createFirstScreens(
    distDir,
    template,
    textsIn,
    firstState,
  );

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
}
