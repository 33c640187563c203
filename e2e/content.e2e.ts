import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, launchBrowser, newPage, PHONE_VIEWPORT, type Site, startSite } from './support/site';

/** Set CONTENT_SCREENSHOTS=/some/dir to save phone screenshots of every page while the journeys run. */
const SCREENSHOT_DIR = process.env.CONTENT_SCREENSHOTS;
const CONTENT_DIR = path.resolve(import.meta.dirname, '../apps/web/public/assets/content');

const PAGES = [
  { slug: 'provably-fair', path: '/provably-fair' },
  { slug: 'responsible-gambling', path: '/responsible-gambling' },
  { slug: 'self-exclusion', path: '/policies/self-exclusion' },
  { slug: 'privacy', path: '/policies/privacy' },
  { slug: 'anti-money-laundering', path: '/policies/anti-money-laundering' },
  { slug: 'terms', path: '/policies/terms' },
  { slug: 'affiliate', path: '/affiliate' },
  { slug: 'cricket-betting-basics', path: '/blog/cricket-betting-basics' },
  { slug: 'odds-and-possible-win', path: '/blog/odds-and-possible-win' },
  { slug: 'fancy-bets-explained', path: '/blog/fancy-bets-explained' },
  { slug: 'bonus-wallets-explained', path: '/blog/bonus-wallets-explained' },
  { slug: 'playing-responsibly', path: '/blog/playing-responsibly' },
];

interface Document {
  title: string;
  intro: string;
  blocks: { type: string; text?: string }[];
}

function readDocument(language: string, slug: string): Document {
  return JSON.parse(readFileSync(path.join(CONTENT_DIR, language, `${slug}.json`), 'utf8')) as Document;
}

function firstHeading(document: Document): string {
  const heading = document.blocks.find((block) => block.type === 'heading');
  if (!heading?.text) throw new Error('every page has a section heading');
  return heading.text;
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-full.png`, fullPage: true });
}

const PLAYER = {
  user_name: 'rahul_07',
  user_id: 41,
  user_type_id: 7,
  parent_id: 1,
  is_signup_user: '1',
  is_change_password: '0',
};
const FAKE_TOKEN = 'e2e-content-token';

/** A stored session (lib/session.ts keys); the API does not know the token, so the player's own calls are answered here. */
async function logInThroughStorage(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ([user, token]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', user);
      localStorage.setItem('userId', '41');
      localStorage.setItem('isLoggedIn', 'true');
    },
    [JSON.stringify(PLAYER), FAKE_TOKEN] as const,
  );
  await context.route('**/api/user/**', async (route) => {
    if (route.request().headers()['authorization'] !== `Bearer ${FAKE_TOKEN}`) return route.fallback();
    const data = { free_chip: 1500, exposure: 0, bonus_amount: 0, split_bonus: 0, wagger_bonus: 0, active_wallet: 0 };
    return route.fulfill({ json: { status: true, message: '', data } });
  });
  // The session clock every page of a logged-in player reads (responsible play): no reality check.
  await context.route('**/api/rg/session', async (route) => {
    if (route.request().headers()['authorization'] !== `Bearer ${FAKE_TOKEN}`) return route.fallback();
    const now = new Date().toISOString();
    const data = {
      server_time: now,
      started_at: now,
      reality_check_minutes: 0,
      next_reality_check_at: null,
      ends_at: null,
      net_result: 0,
    };
    return route.fulfill({ json: { status: true, message: '', data } });
  });
  // The notices every page of a logged-in player asks for (docs/accounts.md "Notices"): none.
  await context.route('**/api/notice/list', async (route) => {
    if (route.request().headers()['authorization'] !== `Bearer ${FAKE_TOKEN}`) return route.fallback();
    return route.fulfill({ json: { status: true, message: '', data: { notices: [], unread: 0 } } });
  });
}

describe('content pages', () => {
  let site: Site;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('renders every information page and guide in English: title, body, date and related links', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    for (const { slug, path: route } of PAGES) {
      const document = readDocument('en', slug);
      await page.goto(route);
      const article = page.locator('article.content-page');
      await article.getByRole('heading', { level: 1, name: document.title }).waitFor();
      expect(await article.getByRole('heading', { level: 2, name: firstHeading(document), exact: true }).isVisible(), slug).toBe(
        true,
      );
      expect(await article.textContent(), slug).toContain(document.intro);
      expect(await article.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await article.textContent()).toContain('Last updated');
      const related = page.getByRole('navigation', { name: 'Related pages' });
      expect(await related.getByRole('link').count(), slug).toBeGreaterThan(1);
      // Readable on a phone: nothing in the text makes it scroll sideways (wide tables scroll inside their own box).
      const box = await article.evaluate((element) => ({
        right: element.getBoundingClientRect().right,
        overflow: element.scrollWidth - element.clientWidth,
      }));
      expect(box.right, slug).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
      expect(box.overflow, slug).toBeLessThanOrEqual(0);
      await screenshot(page, `phone-${slug}`);
    }
    // A table has column headers and row headers for screen readers.
    await page.goto('/blog/odds-and-possible-win');
    const table = page.getByRole('table', { name: 'Summary with a ₹100 stake' });
    await table.waitFor();
    expect(await table.getByRole('columnheader').count()).toBe(4);
    expect(await table.getByRole('rowheader').first().textContent()).toBe('Match odds back');
    // Related links move between pages without a reload.
    await page.getByRole('navigation', { name: 'Related pages' }).getByRole('link', { name: 'Fancy bets explained' }).click();
    await page.getByRole('heading', { level: 1, name: readDocument('en', 'fancy-bets-explained').title }).waitFor();
    await context.close();
  });

  it('shows Hindi when Hindi is stored, and fetches Bengali when the header switch changes the language', async () => {
    const { context, page } = await newPage(browser, site, DESKTOP_VIEWPORT);
    // As the app keeps it for the server (the header switch below changes both).
    await context.addCookies([{ name: 'lang', value: 'hi', url: site.baseUrl }]);
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('language-set')) {
        localStorage.setItem('language', 'hi');
        sessionStorage.setItem('language-set', '1');
      }
    });
    await page.goto('/blog/odds-and-possible-win');
    const hindi = readDocument('hi', 'odds-and-possible-win');
    await page.getByRole('heading', { level: 1, name: hindi.title }).waitFor();
    expect(await page.locator('article').textContent()).toContain('संभावित जीत = (ऑड्स − 1) × स्टेक');
    expect(await page.getByRole('navigation', { name: 'संबंधित पेज' }).isVisible()).toBe(true);
    await screenshot(page, 'desktop-odds-hi');

    const header = page.getByRole('banner');
    await header.getByRole('button', { name: /भाषा बदलें/ }).click();
    await header.getByRole('button', { name: 'বাংলা' }).click();
    await page.getByRole('heading', { level: 1, name: readDocument('bn', 'odds-and-possible-win').title }).waitFor();
    expect(await page.locator('article').getAttribute('lang')).toBe('bn');
    await context.close();
  });

  it('answers an unknown guide with a friendly not-found that links to every guide', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await page.goto('/blog/how-to-win-every-time');
    await page.getByRole('heading', { level: 1, name: 'Guide not found' }).waitFor();
    const guides = page.getByRole('navigation', { name: 'Our guides' });
    expect(await guides.getByRole('link').count()).toBe(5);
    await screenshot(page, 'phone-guide-not-found');
    await guides.getByRole('link', { name: 'Cricket betting basics' }).click();
    await page.getByRole('heading', { level: 1, name: readDocument('en', 'cricket-betting-basics').title }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/blog/cricket-betting-basics');
    await context.close();
  });

  it('shows an error with a retry button when the text cannot load, and loads it on retry', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    let isOffline = true;
    await context.route('**/assets/content/en/terms.json', (route) => (isOffline ? route.abort() : route.fallback()));
    await page.goto('/policies/terms');
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' });
    await alert.waitFor();
    expect(await alert.getByRole('heading', { level: 1, name: 'Terms and conditions' }).isVisible()).toBe(true);
    await screenshot(page, 'phone-load-error');
    isOffline = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: readDocument('en', 'terms').title }).waitFor();
    await context.close();
  });

  it('lets a player verify the worked example in the browser', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await page.goto('/provably-fair');
    await page.getByRole('button', { name: 'Verify' }).click();
    expect(await page.getByText('This field is required').count()).toBe(2);

    await page.getByRole('button', { name: 'Fill in the example' }).click();
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('verifier-result').waitFor();
    expect(await page.getByTestId('verifier-float').textContent()).toBe('0.2939284008');
    expect(await page.getByTestId('verifier-result').textContent()).toContain('Matches the hash shown before play.');
    expect(await page.getByTestId('verifier-result').textContent()).toContain('75, 62, 228, 69');

    await page.getByLabel('Nonce').fill('1');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByTestId('verifier-float').textContent()).toBe('0.5672689599');
    await page.getByTestId('verifier-result').scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-verifier');
    await context.close();
  });

  it('invites a guest to register, and gives a logged-in player their own link with a working Copy button', async () => {
    const guest = await newPage(browser, site, PHONE_VIEWPORT);
    await guest.page.goto('/affiliate');
    await guest.page.getByText('Log in to see your personal referral link.').waitFor();
    expect(await guest.page.getByRole('button', { name: 'Copy link' }).count()).toBe(0);
    await guest.context.close();

    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.baseUrl });
    await logInThroughStorage(context);
    await page.goto('/affiliate');
    const expected = `${site.baseUrl}/home?referance=rahul_07`;
    const field = page.getByRole('textbox', { name: 'Referral link' });
    await field.waitFor();
    expect(await field.inputValue()).toBe(expected);

    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Link copied.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Copied' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    await screenshot(page, 'phone-affiliate-player');
    await context.close();
  });
});
