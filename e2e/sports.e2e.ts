import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/api/src/lib/clock';
import { createMarketsAdmin } from '../apps/api/src/modules/markets/markets-admin.service';
import { DESKTOP_VIEWPORT, launchBrowser, newPage, PHONE_VIEWPORT, type Site, startSite, storeLanguage } from './support/site';

/** Set SPORTS_SCREENSHOTS=/some/dir to keep screenshots of the pages. */
const SCREENSHOT_DIR = process.env.SPORTS_SCREENSHOTS;
const WAIT = { timeout: 20_000 } as const;
/** A live match this young has at least 13 of its 21 s left at 600×. */
const FRESH_MS = 8_000;
const HINDI_UPCOMING = JSON.parse(readFileSync(new URL('../apps/web/public/assets/i18n/hi.json', import.meta.url), 'utf8')).nav
  .upcomingEvents as string;

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

interface Row {
  match_id: number;
  name: string;
  sport_id: number;
  start_time: string;
}

describe('sports pages', () => {
  let site: Site;
  let browser: Browser;
  const post = async (path: string, payload: object) =>
    (await site.app.inject({ method: 'POST', url: `/api/${path}`, payload })).json().data as Row[];
  /**
   * At 600× a T20 match lasts 21 s and the next one may start up to half a minute later: wait for
   * one that started in the last few seconds, so it is still on for the rest of the test.
   */
  const freshLiveCricket = async () => {
    let fresh: Row | undefined;
    await expect
      .poll(
        async () => {
          const live = await post('match/getLiveMatches', {});
          fresh = live.find((row) => row.sport_id === 4 && Date.now() - Date.parse(row.start_time) < FRESH_MS);
          return fresh !== undefined;
        },
        { timeout: 45_000, interval: 250 },
      )
      .toBe(true);
    return fresh!;
  };

  /** A cricket match that starts in a minute or more (ten hours of the feed's time at 600×). */
  /** A cricket match that starts in over a minute (at 600× the list moves fast: ask until there is one). */
  const laterCricket = async () => {
    let later: Row | undefined;
    await expect
      .poll(async () => {
        const upcoming = await post('match/getUpcomingMatches', {});
        later = upcoming.find((row) => row.sport_id === 4 && Date.parse(row.start_time) > Date.now() + 60_000);
        return later !== undefined;
      }, WAIT)
      .toBe(true);
    return later!;
  };

  beforeAll(async () => {
    // 600×: prices move at every tick, so a player watching sees them change within a second.
    site = await startSite({ env: { SIM_SEED: 'journeys', SIM_SPEED: '600' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('shows a sport’s matches with prices on a phone and opens a match whose prices change while watching', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/sports/4');
    await page.getByRole('heading', { level: 1, name: 'Cricket' }).waitFor(WAIT);
    // A match that starts in a minute or more: it cannot end while the test watches it (a live
    // one at 600x may), its market is open (a live one is suspended at every wicket), and its
    // prices still move every few ticks.
    const match = await laterCricket();
    const row = page.getByTestId('match-row').filter({ has: page.locator(`a[href$="/sports-detail/${match.match_id}"]`) });
    // The server painted the first rows; the app's first render puts its own in their place.
    await page.locator('.shell--boot').waitFor({ state: 'detached', ...WAIT });
    await row.scrollIntoViewIfNeeded(WAIT);
    await expect.poll(() => row.getByRole('button').count(), WAIT).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'sport-phone');
    await row.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: match.name }).waitFor(WAIT);
    await page.getByTestId('scoreboard').waitFor(WAIT);
    await page.getByTestId('market-MATCH_ODDS').waitFor(WAIT);
    await page.getByTestId('market-BOOKMAKER').waitFor(WAIT);

    // Prices on screen change while the player watches (pushed over /api/ws, or polled).
    const ladder = page.getByTestId('market-MATCH_ODDS');
    const readPrices = () => ladder.innerText();
    const seen = new Set<string>([await readPrices()]);
    await expect.poll(async () => seen.add(await readPrices()).size, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);

    // A click on a price selects it (the bet slip arrives with the next issue).
    const openBack = page.locator('[data-testid="market-MATCH_ODDS"] [data-testid="best-back"]:not(.price--empty)').first();
    await expect.poll(() => openBack.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await openBack.click();
    await expect.poll(() => page.locator('.price[aria-pressed="true"]').count()).toBe(1);
    await screenshot(page, 'detail-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a suspension as a grey market with its label, and lifts it, on a slow connection', async () => {
    const match = await laterCricket();
    // Another player follows the match already: its prices move live (every 250 ms) before this page subscribes.
    const other = await newPage(browser, site, PHONE_VIEWPORT);
    await other.page.goto(`/sports-detail/${match.match_id}`);
    await other.page.getByTestId('market-MATCH_ODDS').waitFor(WAIT);

    const { context, page } = await newPage(browser, site, DESKTOP_VIEWPORT);
    // This page's live subscription is held back until the operator has suspended the market, as a
    // slow connection would: a change made before the subscription must still reach the page.
    let releaseSubscription = () => {};
    const subscriptionHeld = new Promise<void>((resolve) => (releaseSubscription = resolve));
    await page.routeWebSocket('**/api/ws', (socket) => {
      const server = socket.connectToServer();
      socket.onMessage(async (message) => {
        await subscriptionHeld;
        server.send(message);
      });
    });
    await page.goto(`/sports-detail/${match.match_id}`);
    const market = page.getByTestId('market-MATCH_ODDS');
    await market.waitFor(WAIT);
    await expect.poll(() => market.getAttribute('data-status'), WAIT).toBe('OPEN');
    // From now on a snapshot takes longer to arrive than prices take to move, as on a slow phone network.
    await page.route('**/api/market/getMarkets', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });

    const admin = createMarketsAdmin(site.database.db, systemClock);
    const marketId = `1.${match.match_id}01`;
    await admin.suspend({ marketId });
    releaseSubscription();
    await expect.poll(() => market.getAttribute('data-status'), WAIT).toBe('SUSPENDED');
    await market.getByText('Suspended').waitFor(WAIT);
    expect(await market.locator('button.price').count()).toBe(0);
    await screenshot(page, 'suspended-desktop');

    await admin.resume({ marketId });
    await expect.poll(() => market.getAttribute('data-status'), WAIT).toBe('OPEN');
    await expect.poll(() => market.locator('button.price').count(), WAIT).toBeGreaterThan(0);
    await context.close();
    await other.context.close();
  });

  it('finds a match from the header search and opens it', async () => {
    const upcoming = await post('match/getUpcomingMatches', {});
    const target = upcoming.find((row) => row.sport_id === 1) ?? upcoming[0]!;
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await page.goto('/home');
    await page.getByRole('button', { name: 'Search matches' }).click();
    const box = page.getByRole('combobox', { name: 'Match name' });
    await box.fill(target.name.slice(0, 12));
    const option = page.getByRole('option', { name: new RegExp(target.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
    await option.waitFor(WAIT);
    await option.click();
    await page.waitForURL(new RegExp(`/sports-detail/\\d+$`), WAIT);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor(WAIT);
    await context.close();
  });

  it('lists live and upcoming events across sports, counts live matches in the sidebar, in Hindi and Bengali', async () => {
    const { context, page } = await newPage(browser, site, DESKTOP_VIEWPORT);
    await storeLanguage(context, site, 'hi', true);
    await page.goto('/sports/upcoming/all');
    await page.getByRole('heading', { level: 1, name: HINDI_UPCOMING }).waitFor(WAIT);
    await page.getByTestId('match-row').first().waitFor(WAIT);
    await page.goto('/sports/live/all');
    await page.getByTestId('match-row').first().waitFor(WAIT);
    expect(await page.locator('.live-badge').first().textContent()).toBe('लाइव');
    await expect.poll(() => page.locator('.shell-nav__live-count').count(), WAIT).toBeGreaterThan(0);

    await page.evaluate(() => localStorage.setItem('language', 'bn'));
    await context.addCookies([{ name: 'lang', value: 'bn', url: site.baseUrl }]);
    await page.goto(`/sports-detail/${(await freshLiveCricket()).match_id}`);
    await page.getByTestId('scoreboard').waitFor(WAIT);
    expect(await page.locator('.live-badge').first().textContent()).toBe('লাইভ');
    await context.close();
  });

  it('keeps prices moving by polling while the live socket is down', async () => {
    const match = await freshLiveCricket();
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    // Every attempt to open /api/ws is refused, as behind a proxy that drops WebSockets.
    await page.routeWebSocket(/\/api\/ws$/, (socket) => socket.close());
    await page.goto(`/sports-detail/${match.match_id}`);
    const detail = page.locator('.match-detail');
    await detail.waitFor(WAIT);
    const first = Number(await detail.getAttribute('data-seq'));
    await expect.poll(async () => Number(await detail.getAttribute('data-seq')), WAIT).toBeGreaterThan(first);
    await context.close();
  });

  it('answers an unknown match with a clear message', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await page.goto('/sports-detail/987654321');
    await page.getByText('This match is not available.').waitFor(WAIT);
    await context.close();
  });
});
