import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createTestApp, type TestApp, type TestAppOptions } from '../../apps/api/test/test-app';
import { browserLogger } from './browser-log';

/** The flags this machine's Chromium needs (DEVELOPERS.md). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Site extends TestApp {
  baseUrl: string;
}

/** The whole product: API and built web app on a fresh database, listening on a free port. */
export async function startSite(options: TestAppOptions = {}): Promise<Site> {
  // The whole product, background jobs included (settlement, expiry).
  const testApp = await createTestApp({ ...options, env: { JOBS_ENABLED: '1', ...options.env } });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = testApp.app.server.address() as AddressInfo;
  return { ...testApp, baseUrl: `http://127.0.0.1:${port}` };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    logger: browserLogger,
  });
}

export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;
export const DESKTOP_VIEWPORT = { width: 1366, height: 900 } as const;

/**
 * The player's language as a returning player's browser holds it: in storage for the app and in
 * the `lang` cookie the app keeps for the server, which paints a page's first screen in it
 * (apps/web/src/lib/i18n.ts). `ifUnset`: storage only where nothing is stored yet (a journey
 * that switches the language later).
 */
export async function storeLanguage(context: BrowserContext, site: Site, language: string, ifUnset = false): Promise<void> {
  await context.addCookies([{ name: 'lang', value: language, url: site.baseUrl }]);
  await context.addInitScript(
    ({ code, onlyIfUnset }) => {
      if (!onlyIfUnset || !localStorage.getItem('language')) localStorage.setItem('language', code);
    },
    { code: language, onlyIfUnset: ifUnset },
  );
}

/** A fresh browser profile (empty storage) pointed at the site. */
export async function newPage(
  browser: Browser,
  site: Site,
  viewport: { width: number; height: number } = DESKTOP_VIEWPORT,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: site.baseUrl, viewport, locale: 'en-US' });
  const page = await context.newPage();
  return { context, page };
}
