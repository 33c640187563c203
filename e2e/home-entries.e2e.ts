import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/api/src/lib/clock';
import { updateSportActive } from '../apps/api/src/modules/sports/sports.repository';
import { CUSTOMER_USER_TYPE, createUser } from '../apps/api/src/modules/users/users.service';
import { loginByApi } from './support/account-helpers';
import { DESKTOP_VIEWPORT, launchBrowser, type Site, startSite } from './support/site';

let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  // The sportsbook (sport 4) is switched off before the site answers anything: its entry launches
  // the external sportsbook instead (docs/product.md §4). No external provider is configured on this site.
  await updateSportActive(site.database.db, 4, false);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function desktopPage() {
  const context = await browser.newContext({ baseURL: site.baseUrl, viewport: DESKTOP_VIEWPORT, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

describe('entries of the home sidebar', () => {
  it('links the Indian casino when a provider name holds the configured text (docs/product.md §2)', async () => {
    const { context, page } = await desktopPage();
    await page.goto('/home');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    // The site's own provider is "Originals", the default INDIAN_CASINO_PROVIDER text.
    const link = menu.getByRole('link', { name: 'Indian Casino' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/home/group/indian-game-list/SN');
    await link.click();
    await page.waitForURL(/\/home\/group\/indian-game-list\/SN$/);
    await page.getByRole('button', { name: 'Play Teen Patti' }).first().waitFor();
    await context.close();
  });

  it('asks a guest to log in before launching the external sportsbook', async () => {
    const { context, page } = await desktopPage();
    let launches = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/gap/gaplogin')) launches += 1;
    });
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Sport Book' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    expect(launches).toBe(0);
    await context.close();
  });

  it('launches through gap/gaplogin with the spec body; a refusal is only logged and clears the loading flag', async () => {
    const userName = 'sbplayer1';
    await createUser(site.database.db, systemClock, { userName, password: 'Sportbook2026', userTypeId: CUSTOMER_USER_TYPE });
    const { context, page } = await desktopPage();
    await loginByApi(context, site, userName, 'Sportbook2026');
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.goto('/home');
    const entry = page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Sport Book' });
    await entry.waitFor();
    const alertsBefore = await page.getByRole('alert').allTextContents();
    const launch = page.waitForRequest((request) => request.url().endsWith('/api/gap/gaplogin'));
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/gap/gaplogin'));
    await entry.click();
    const request = await launch;
    expect(request.method()).toBe('POST');
    expect(request.postDataJSON()).toEqual({
      providerName: 'SAP',
      gameId: 550000,
      platformId: 'desktop',
      lobby: false,
      redirectUrl: new URL(site.baseUrl).origin,
    });
    const refusal = (await (await answer).json()) as { status: boolean; message: string };
    expect(refusal.status).toBe(false);
    await expect.poll(() => logged.some((text) => text.includes('The sportsbook could not be launched'))).toBe(true);
    await expect.poll(() => entry.getAttribute('aria-busy')).toBe('false');
    expect(new URL(page.url()).pathname).toBe('/home');
    // Only logged: no alert or toast tells the player (docs/product.md §8).
    expect(await page.getByRole('alert').allTextContents()).toEqual(alertsBefore);
    expect(await page.getByText(refusal.message).count()).toBe(0);
    await context.close();
  });

  it('opens a category with games from every casino link of /home: the cards, the hero, the sidebar, the footer', async () => {
    const { context, page } = await desktopPage();
    await page.goto('/home');
    await page.locator('.home-card').first().waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    const links = await page.evaluate(() => [
      ...new Set(
        [...document.querySelectorAll<HTMLAnchorElement>('a[href*="/home/group/"]')]
          .map((link) => new URL(link.href).pathname)
          .filter((href) => /-game-list\//.test(href)),
      ),
    ]);
    // The five home cards' categories at least (the Indian casino is linked when its provider is there).
    expect(links.length).toBeGreaterThanOrEqual(5);
    const empty: string[] = [];
    for (const href of links) {
      await page.goto(href);
      await page.locator('.casino-tile, .casino-empty').first().waitFor();
      if ((await page.locator('.casino-tile').count()) === 0) empty.push(href);
    }
    expect(empty, 'linked categories without a game').toEqual([]);
    await context.close();
  });
});
