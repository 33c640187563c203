import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, PHONE_VIEWPORT, type Site, startSite, storeLanguage } from './support/site';

describe("account: the site's own failure messages speak the player's language", () => {
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

  it('says the site could not load in Bengali when the translations do not arrive', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await storeLanguage(context, site, 'bn');
    await page.route('**/assets/i18n/bn.json', (route) => route.abort());
    await page.goto('/home');
    await page.getByText('সাইটটি লোড করা যায়নি।', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    await context.close();
  });

  it('toasts an unreachable server and an unreadable answer in Hindi', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await storeLanguage(context, site, 'hi');
    await page.goto('/home');
    await page.locator('.account-area').getByRole('button', { name: 'लॉग इन', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'लॉग इन' });
    await dialog.getByLabel('यूज़रनेम या ईमेल').fill('player1');
    await dialog.getByLabel('पासवर्ड', { exact: true }).fill('Player2026');

    await page.route('**/api/user/login', (route) => route.abort('internetdisconnected'));
    await dialog.getByRole('button', { name: 'लॉग इन करें' }).click();
    await page.getByTestId('toast').getByText('सर्वर से संपर्क नहीं हो सका।', { exact: false }).waitFor();

    await page.unroute('**/api/user/login');
    await page.route('**/api/user/login', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    await dialog.getByRole('button', { name: 'लॉग इन करें' }).click();
    await page.getByTestId('toast').getByText('कुछ गड़बड़ हो गई।', { exact: false }).waitFor();
    expect(await page.getByText(/Could not reach|Something went wrong/).count()).toBe(0);
    await context.close();
  });
});
