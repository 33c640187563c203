import type { MatchRow } from '@app/shared';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, launchBrowser, newPage, PHONE_VIEWPORT, type Site, startSite } from './support/site';

/**
 * The server paints (docs/shell.md, "Speed") a sports page's first screen
 * (apps/api/src/modules/web/sports-paint.ts) in the elements the app renders, so the prices show in
 * the first frame and the app's first render takes their place without moving anything. This holds
 * the two to each other: the page is read before the app's code may run, then after the app has
 * rendered.
 */
let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ env: { SIM_SEED: 'painted', SIM_SPEED: '1' } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/**
 * The shape of what `selector` holds, element by element (tag, classes, test id, role), where a
 * price cell counts as one whatever it holds (a price can come or go between the two looks) and a
 * timeline's entries are left out (an event can happen meanwhile).
 */
function skeletonOf(page: Page, selector: string, limit: number): Promise<string[]> {
  return page.evaluate(
    ({ selector, limit }) => {
      const lines: string[] = [];
      const walk = (element: Element, depth: number) => {
        const isPrice = element.classList.contains('price');
        const testId = element.getAttribute('data-testid');
        lines.push(
          `${'  '.repeat(depth)}${isPrice ? 'price' : element.tagName.toLowerCase()}.${isPrice ? '' : element.className}` +
            `${testId ? `[${testId}]` : ''}${element.getAttribute('role') ? `(${element.getAttribute('role')})` : ''}`,
        );
        if (isPrice || element.tagName === 'OL') return;
        for (const child of element.children) walk(child, depth + 1);
      };
      for (const element of [...document.querySelectorAll(selector)].slice(0, limit)) walk(element, 0);
      return lines;
    },
    { selector, limit },
  );
}

/** Loads `url` on a phone holding the app's scripts back, reads the painted page, then lets the app render. */
async function paintedThenRendered(url: string, selector: string, limit: number) {
  const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
  const held: Route[] = [];
  let isHolding = true;
  await page.route(/\/assets\/.*\.js$/, (route) => (isHolding ? void held.push(route) : route.continue()));
  // The app's module scripts hold DOMContentLoaded back: wait for the painted frame instead.
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('.shell--boot main').waitFor();
  const isAppRendered = () => page.evaluate(() => document.querySelector('.shell--boot') === null);
  expect(await isAppRendered()).toBe(false);
  const painted = await skeletonOf(page, selector, limit);
  const paintedPrice = await page.locator('[data-testid="row-prices"] button.price, button[data-testid="best-back"]').first();
  expect(await paintedPrice.isVisible()).toBe(true);
  isHolding = false;
  for (const route of held) await route.continue();
  await page.waitForFunction(
    (selector) => document.querySelector('.shell--boot') === null && document.querySelector(selector) !== null,
    selector,
  );
  const rendered = await skeletonOf(page, selector, limit);
  await context.close();
  return { painted, rendered };
}

/** A cricket match with prices on offer, from the API. */
async function pricedMatchId(): Promise<number> {
  const response = await fetch(`${site.baseUrl}/api/match/getMatches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sport_id: 4, is_active: '1' }),
  });
  const rows = ((await response.json()) as { data: MatchRow[] }).data;
  const match = rows.find((row) => row.match_odds?.status === 'OPEN') ?? rows[0];
  expect(match).toBeDefined();
  return match!.match_id;
}

/**
 * Every element of the painted frame with its box and every computed style property, animations
 * held at their start (a ticker or a price flash moves on between two looks).
 */
function drawnFrame(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = 0;
    }
    const drawn: Record<string, string> = {};
    const elements = [...document.querySelectorAll('#root *')];
    elements.forEach((element, position) => {
      const name = `${position} ${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`;
      const box = element.getBoundingClientRect();
      drawn[`${name} box`] = [box.x, box.y, box.width, box.height].join(' ');
      const style = getComputedStyle(element);
      for (const property of style) drawn[`${name} ${property}`] = style.getPropertyValue(property);
    });
    return drawn;
  });
}

/**
 * Loads `url` with the app's scripts and the site's stylesheet held back: the first frame has
 * only the page's own inline style (apps/api/src/modules/web/first-screen-style.ts). Returns what
 * differs once the stylesheet is in: every box and every computed property should be the same.
 */
async function changedByTheStylesheet(url: string, viewport: { width: number; height: number }): Promise<string[]> {
  const { context, page } = await newPage(browser, site, viewport);
  await page.route(/\/assets\/.*\.js$/, () => undefined);
  let releaseStylesheet = () => undefined as void;
  const isStylesheetAsked = new Promise<void>((asked) => {
    void page.route(/\/assets\/[^/]+\.css$/, (route) => {
      releaseStylesheet = () => void route.continue();
      asked();
    });
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page
    .locator(
      '.shell--boot #main-content [data-testid="row-prices"] button.price, .shell--boot #main-content button[data-testid="best-back"]',
    )
    .first()
    .waitFor();
  await isStylesheetAsked;
  // The painted page is on screen without the stylesheet: its prices are drawn as prices.
  expect(await page.locator('link[data-app-style]').evaluate((link: HTMLLinkElement) => link.sheet)).toBeNull();
  const before = await drawnFrame(page);
  releaseStylesheet();
  await page.waitForFunction(() => document.querySelector<HTMLLinkElement>('link[data-app-style]')?.sheet != null);
  const after = await drawnFrame(page);
  await context.close();
  expect(Object.keys(before).length).toBeGreaterThan(1_000);
  return Object.keys({ ...before, ...after })
    .filter((key) => before[key] !== after[key])
    .map((key) => `${key}: ${before[key]} → ${after[key]}`);
}

describe('a sports page painted by the server', () => {
  it('draws its first screen with its own style exactly as with the whole stylesheet, which no longer holds up the first paint', async () => {
    const matchPage = `/sports-detail/${await pricedMatchId()}`;
    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      // Joined, so that a failure names every property that moved, not the count of them.
      expect((await changedByTheStylesheet('/sports/4', viewport)).join('\n'), `/sports/4 at ${viewport.width} px`).toBe('');
      expect((await changedByTheStylesheet(matchPage, viewport)).join('\n'), `a match page at ${viewport.width} px`).toBe('');
    }
  });

  it('keeps its prices on screen while the page’s code is slow, until the app shows them (no loading state between)', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    // The sports pages' code arrives 3 s late, past the first render's usual wait (1.5 s).
    await page.route(/\/assets\/sports-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    // From the first moment a price is in the page, note any moment it has none.
    await page.addInitScript(() => {
      const w = window as unknown as { __pricesGone: number; __pricesSeen: boolean };
      w.__pricesGone = 0;
      w.__pricesSeen = false;
      new MutationObserver(() => {
        const hasPrices = document.querySelector('[data-testid="row-prices"] button.price') !== null;
        if (hasPrices) w.__pricesSeen = true;
        else if (w.__pricesSeen) w.__pricesGone += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/sports/4', { waitUntil: 'commit' });
    await page.waitForFunction(() => document.querySelector('.shell--boot') === null && document.querySelector('.sports-page'), {
      timeout: 30_000,
    });
    await page.locator('[data-testid="row-prices"] button.price:enabled').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pricesSeen: boolean }).__pricesSeen)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __pricesGone: number }).__pricesGone)).toBe(0);
    await context.close();
  });

  it('shows /sports/4 as the app renders it: the same rows, labels and prices', async () => {
    const { painted, rendered } = await paintedThenRendered(
      '/sports/4',
      '.sports-page > .match-list-block > .match-list > li',
      10,
    );
    expect(painted.length).toBeGreaterThan(20);
    expect(painted).toEqual(rendered);
    const { painted: head, rendered: renderedHead } = await paintedThenRendered(
      '/sports/4',
      '.sports-page > :not(.match-list-block)',
      5,
    );
    expect(head).toEqual(renderedHead);
  });

  it('shows a match page as the app renders it: scoreboard, markets and fancy', async () => {
    const { painted, rendered } = await paintedThenRendered(`/sports-detail/${await pricedMatchId()}`, '.match-detail > *', 20);
    expect(painted.join('\n')).toContain('[best-back]');
    expect(painted).toEqual(rendered);
  });
});
