import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettingsService, SETTINGS_CACHE_MS } from '../apps/api/src/modules/settings/settings.service';
import { systemClock } from '../apps/api/src/lib/clock';
import { DESKTOP_VIEWPORT, launchBrowser, newPage, PHONE_VIEWPORT, type Site, startSite } from './support/site';

/** Set SHELL_SCREENSHOTS=/some/dir to save phone and desktop screenshots while the journeys run. */
const SCREENSHOT_DIR = process.env.SHELL_SCREENSHOTS;

async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-full.png`, fullPage: true });
}

async function cssVariable(page: Page, name: string): Promise<string> {
  return page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);
}

describe('site shell', () => {
  let site: Site;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    // Before the first request, so the app's settings cache starts with these values.
    const settings = createSettingsService(site.database.db, systemClock);
    await settings.setSetting('site_title', 'Royal Play');
    await settings.setSetting('bg_primary_color', '#102030');
    await settings.setSetting('other_color', '#22c55e');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('renders home with the operator branding: title, colours, logo, ticker, favicon', async () => {
    const { context, page } = await newPage(browser, site, DESKTOP_VIEWPORT);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto('/home');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Royal Play');
    await expect.poll(() => cssVariable(page, '--bg-primary')).toBe('#102030');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(16, 32, 48)');
    expect(await cssVariable(page, '--accent')).toBe('#22c55e');

    const logo = page.locator('.shell-logo img');
    await logo.waitFor();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await logo.getAttribute('src')).toMatch(/^\/api\/upload\/image\/[a-f0-9]+\.png$/);
    expect(await page.getByRole('link', { name: 'Royal Play' }).first().isVisible()).toBe(true);

    expect(await page.getByTestId('site-message').textContent()).toContain('Play responsibly');
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^\/api\/upload\/image\//);
    // The settings are kept so the next visit paints the branding at once.
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('globalAdminData') ?? 'null') as { site_title: string },
    );
    expect(stored.site_title).toBe('Royal Play');
    await screenshot(page, 'desktop-home');

    // The next visit paints the branding from that copy, even before (or without) the server's answer.
    await page.route('**/api/globalSetting/getGlobalSetting', (route) => route.abort());
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('Royal Play');
    expect(await cssVariable(page, '--bg-primary')).toBe('#102030');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('uses the host name as the page title when site_title is empty', async () => {
    await createSettingsService(site.database.db, systemClock).setSetting('site_title', '');
    await new Promise((resolve) => setTimeout(resolve, SETTINGS_CACHE_MS + 200));
    const { context, page } = await newPage(browser, site);
    await page.goto('/home');
    await expect.poll(() => page.title()).toBe('127.0.0.1');
    await context.close();
  });

  it('switches the language to Hindi and Bengali and keeps it across a reload', async () => {
    const { context, page } = await newPage(browser, site, DESKTOP_VIEWPORT);
    await page.goto('/home');
    const sidebar = page.getByRole('navigation', { name: 'Main menu' });
    await sidebar.getByRole('link', { name: 'Slots' }).waitFor();

    const header = page.getByRole('banner');
    await header.getByRole('button', { name: /Change language/ }).click();
    await header.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('navigation', { name: 'मुख्य मेनू' }).getByRole('link', { name: 'स्लॉट' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('कैसीनो, क्रिकेट और लाइव गेम एक ही जगह');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');

    await page.reload();
    await page.getByRole('navigation', { name: 'मुख्य मेनू' }).getByRole('link', { name: 'स्लॉट' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('hi');

    await header.getByRole('button', { name: /भाषा बदलें/ }).click();
    await header.getByRole('button', { name: 'বাংলা' }).click();
    await page.getByRole('heading', { level: 1, name: 'ক্যাসিনো, ক্রিকেট আর লাইভ গেম এক জায়গায়' }).waitFor();
    await page.reload();
    await page.getByRole('navigation', { name: 'প্রধান মেনু' }).getByRole('link', { name: 'স্লট' }).waitFor();
    expect(await page.getByRole('link', { name: 'স্লট' }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('sends a guest from a guarded route to /home, and the empty path to /home', async () => {
    const { context, page } = await newPage(browser, site);
    await page.goto('/report/account-statement');
    await page.waitForURL('**/home');
    expect(new URL(page.url()).pathname).toBe('/home');

    await page.goto('/');
    await page.waitForURL('**/home');
    expect(new URL(page.url()).pathname).toBe('/home');
    await context.close();
  });

  it('on a phone shows the bottom bar, and Browse opens and closes the sidebar', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await page.goto('/home');
    const bottomBar = page.getByRole('navigation', { name: 'Quick menu' });
    await bottomBar.waitFor();
    expect(await bottomBar.isVisible()).toBe(true);
    for (const name of ['Browse', 'Casino', 'Bets']) {
      expect(await bottomBar.getByRole(name === 'Browse' ? 'button' : 'link', { name }).isVisible()).toBe(true);
    }
    const browse = bottomBar.getByRole('button', { name: 'Browse' });
    const sidebarLink = page.locator('.shell-sidebar').getByRole('link', { name: 'Live Casino' });
    expect(await browse.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebarLink.isVisible()).toBe(false);
    await screenshot(page, 'phone-home');

    await browse.click();
    await sidebarLink.waitFor({ state: 'visible' });
    expect(await browse.getAttribute('aria-expanded')).toBe('true');
    await page.waitForTimeout(300); // let the drawer finish sliding in before the picture
    await screenshot(page, 'phone-sidebar');

    await browse.click();
    await sidebarLink.waitFor({ state: 'hidden' });
    expect(await browse.getAttribute('aria-expanded')).toBe('false');

    // A navigation from the drawer closes it and lands on the page.
    await browse.click();
    await sidebarLink.click();
    await page.waitForURL('**/home/group/all-game-list/Live-Casino');
    await sidebarLink.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Live Casino' }).waitFor();
    await context.close();
  });

  it('shows the four footer sport links and a not-found page for unknown routes', async () => {
    const { context, page } = await newPage(browser, site);
    await page.goto('/home');
    const footerSports = page.getByTestId('footer-sports');
    await footerSports.waitFor();
    const hrefs = await footerSports.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(expect.arrayContaining(['/sports/1', '/sports/2', '/sports/7511', '/sports/27454571']));
    expect(await page.locator('footer a[href="/affiliate"]').getAttribute('target')).toBe('_blank');

    // After a navigation the page scrolls back to the top (100 ms later).
    await footerSports.getByRole('link', { name: 'Tennis' }).click();
    await page.waitForURL('**/sports/2');
    await page.getByRole('heading', { level: 1, name: 'Tennis' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // The sports layout has no footer; the casino layout has one.
    expect(await page.locator('footer').count()).toBe(0);

    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });

  it('keeps the sidebar beside the page on a desktop, and the menu button collapses it', async () => {
    const { context, page } = await newPage(browser, site, DESKTOP_VIEWPORT);
    await page.goto('/home');
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
    const sidebarLink = page.locator('.shell-sidebar').getByRole('link', { name: 'Table Games' });
    await sidebarLink.waitFor();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('navigation', { name: 'Quick menu' }).isVisible()).toBe(false);
    await menuButton.click();
    await sidebarLink.waitFor({ state: 'hidden' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await menuButton.click();
    await sidebarLink.waitFor({ state: 'visible' });
    await context.close();
  });

  it('shows the welcome banner once after a login flag, as an accessible dialog', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await page.goto('/home');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The banner greets a logged-in player (a demo login here), never a guest.
    const demo = (await (
      await fetch(`${site.baseUrl}/api/user/demoLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_name: 'demo' }),
      })
    ).json()) as { data: Record<string, unknown> & { token: string; user_id: number } };
    await page.evaluate((data) => {
      const { token, ...user } = data;
      localStorage.setItem('userInfo', JSON.stringify(user));
      localStorage.setItem('token', token);
      localStorage.setItem('welcomePopup', 'true');
    }, demo.data);
    await page.reload();

    const dialog = page.getByRole('dialog', { name: 'Welcome' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const banner = dialog.getByRole('img');
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The flag is spent when the player closes the banner, not before: a remount cannot lose it.
    expect(await page.evaluate(() => localStorage.getItem('welcomePopup'))).toBe('true');
    await screenshot(page, 'phone-welcome');

    // Focus starts inside and Tab keeps it there.
    const isFocusInside = () => dialog.evaluate((node) => node.contains(document.activeElement));
    expect(await isFocusInside()).toBe(true);
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await isFocusInside()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('welcomePopup'))).toBe('false');

    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('frames no sportsbook address that is not on the allowlist', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await page.goto(`/sportbook?url=${encodeURIComponent('https://evil.example/launch')}`);
    await page.getByTestId('sportsbook-unavailable').waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Quick menu' }).isVisible()).toBe(true);
    await page.goto('/sportbook');
    await page.getByRole('heading', { name: 'The sportsbook is not available' }).waitFor();
    await screenshot(page, 'phone-sportsbook');
    await context.close();
  });

  it('lets a player (demo login) through the guard, after the welcome banner of the login', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await page.goto('/home');
    await page.getByRole('banner').getByRole('button', { name: 'Demo' }).click();
    // Login reloads the page with the welcome flag set: the banner shows once.
    const dialog = page.getByRole('dialog', { name: 'Welcome' });
    await dialog.waitFor();
    await screenshot(page, 'phone-player-welcome');
    await dialog.getByRole('button', { name: 'Start playing' }).click();
    await dialog.waitFor({ state: 'detached' });
    await screenshot(page, 'phone-player-home');

    await page.getByRole('navigation', { name: 'Quick menu' }).getByRole('link', { name: 'Bets' }).click();
    await page.waitForURL('**/report/current-bets');
    await page.getByRole('heading', { level: 1, name: 'Current bets' }).waitFor();
    await page.goto('/report/account-statement');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/report/account-statement');
    await screenshot(page, 'phone-player-statement');
    await context.close();
  });
});
