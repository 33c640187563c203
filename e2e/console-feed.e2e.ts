import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/api/src/lib/clock';
import { type BetfairStreamSource, createBetfairStreamSource } from '../apps/api/src/modules/feed';
import { createOperatorsService } from '../apps/api/src/modules/operators';
import {
  type BetfairStreamServer,
  readRecording,
  startBetfairStreamServer,
} from '../apps/api/test/support/betfair-stream-server';
import { feedWithStream, silentLog, testStreamConfig } from '../apps/api/test/support/betfair-stream-client';
import { makeTestCertificates, type TestCertificates } from '../apps/api/test/support/test-certificates';
import { logInToConsole } from './support/console-helpers';
import { launchBrowser, PHONE_VIEWPORT, type Site, startSite } from './support/site';

/**
 * An operator sees why the prices stopped: the site's live Betfair stream runs against a local
 * TLS server with a wrong app key, and the console's dashboard, on a phone, says the feed is
 * failing, gives Betfair's error and what to do, in English and in Hindi (docs/feeds-stream.md,
 * "The console").
 */
const PASSWORD = 'Operator-Pass-2026';
const WAIT = { timeout: 20_000 };

let certificates: TestCertificates;
let server: BetfairStreamServer;
let source: BetfairStreamSource;
let site: Site;
let browser: Browser;
let secret = '';

beforeAll(async () => {
  certificates = makeTestCertificates();
  server = await startBetfairStreamServer({
    tls: certificates.server,
    appKey: 'the-right-key',
    sessions: new Set(['session-ok']),
    tape: readRecording('1.197931750'),
  });
  source = createBetfairStreamSource(
    testStreamConfig(server.port, certificates.server.cert, {
      appKey: 'a-wrong-key',
      sessionToken: 'session-ok',
      heartbeatMs: 5_000,
    }),
    { logger: silentLog },
  );
  site = await startSite({ deps: { feed: feedWithStream(source) } });
  source.start({ onChange: () => undefined });
  browser = await launchBrowser();
  secret = (
    await createOperatorsService(site.database.db, systemClock).create({ name: 'feed_ops', password: PASSWORD, role: 'support' })
  ).secret;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await source?.stop();
  await server?.close();
  certificates?.remove();
});

describe('the console’s odds-feed panel', () => {
  it('says the live stream stopped on a bad app key, why, and what to do; in Hindi too', { timeout: 40_000 }, async () => {
    await expect.poll(() => source.health().state, WAIT).toBe('failed');
    const context = await browser.newContext({ baseURL: site.baseUrl, viewport: PHONE_VIEWPORT, locale: 'en-US' });
    const page = await context.newPage();
    await logInToConsole(page, 'feed_ops', PASSWORD, secret);
    const panel = page.getByRole('region', { name: 'Odds feed' });
    await panel.waitFor(WAIT);
    await panel.getByText('Failing').waitFor(WAIT);
    expect(await panel.textContent()).toContain('Stopped on an error');
    const alert = panel.getByRole('alert');
    expect(await alert.textContent()).toContain('INVALID_APP_KEY');
    expect(await alert.textContent()).toContain('correct the configuration (app key, session, filters) and restart the API');
    // The details open on a tap, and fit the phone's width.
    await panel.getByText('Details').click();
    await panel.getByText(`127.0.0.1:${server.port}`).waitFor();
    const width = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(width).toBeLessThanOrEqual(0);

    await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
    await page.getByRole('region', { name: 'ऑड्स फ़ीड' }).waitFor(WAIT);
    expect(await page.getByRole('region', { name: 'ऑड्स फ़ीड' }).textContent()).toContain('त्रुटि के कारण रुका');
    await context.close();
  });
});
