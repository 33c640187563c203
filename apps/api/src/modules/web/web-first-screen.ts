import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PaintedCall } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { compressPage, type PaintedPage, type SiteLanguage, timeZoneFromCookie, withPaintedMain } from './web-shell';
import { paintSportsPage, type Translate } from './sports-paint';
import { createFirstScreenStyle, indexStyleSheet } from './first-screen-style';

/**
 * A page's first data for the server to paint into it (the sports pages' prices, composed in
 * app.ts from the markets module); null for a page that has none. It must answer fast: every
 * load of such a page waits for it.
 */
export type FirstStateSource = (pathname: string) => Promise<PaintedCall[] | null>;

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

/**
 * A sports page's first screen (docs/shell.md "Speed"): its first data, painted into the frame
 * with the stylesheet's rules it uses; the frame alone when there is none.
 */
export function createFirstScreens(
  distDir: string,
  template: string | null,
  textsIn: (language: SiteLanguage) => Translate,
  firstState: FirstStateSource | undefined,
) {
  const firstScreenStyle = firstScreenStyleOf(distDir, template);

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

  return { firstScreenStyle, frameOnly, paintedContentOf, firstStateOf };
}
