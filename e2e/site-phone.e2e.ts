import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/api/src/lib/clock';
import { createSettingsService } from '../apps/api/src/modules/settings/settings.service';
import { CUSTOMER_USER_TYPE, createUser } from '../apps/api/src/modules/users/users.service';
import { moneyTransaction } from '../apps/api/src/db/unit-of-work';
import { createMoneyModule } from '../apps/api/src/modules/money';
import { type SmsRecorder, smsRecorder } from '../apps/api/test/accounts-support';
import { creditFromHouse } from '../apps/api/test/wallet-support';
import { closeWelcomeBanner, loginByApi, storedToken } from './support/account-helpers';
import { launchBrowser, PHONE_VIEWPORT, type Site, startSite, storeLanguage } from './support/site';

/**
 * The site on the phone profile (390x844, touch; docs/shell.md, "Phones"): every defect found in
 * the first minute of a new player, each checked where the player meets it.
 */
const PASSWORD = 'Phone2026x';
const HINDI_WRONG_LOGIN = 'यूज़र नाम या पासवर्ड सही नहीं है।';

/** A phone: small screen, touch, no hover. */
async function phonePage(browser: Browser, site: Site, language?: 'hi' | 'bn'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: site.baseUrl,
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  if (language) await storeLanguage(context, site, language);
  return { context, page: await context.newPage() };
}

/** True when a tap at the middle of the element lands on it, not on something drawn over it. */
function receivesTap(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

describe('the site on a phone', () => {
  let site: Site;
  let browser: Browser;
  let sms: SmsRecorder;
  let users = 0;

  async function newPlayer(options: { isSignupUser?: boolean; mobile?: string } = {}): Promise<string> {
    users += 1;
    const userName = `phone_${users}`;
    await createUser(site.database.db, systemClock, {
      userName,
      password: PASSWORD,
      userTypeId: CUSTOMER_USER_TYPE,
      ...(options.isSignupUser ? { isSignupUser: true } : {}),
      ...(options.mobile ? { mobile: options.mobile } : {}),
    });
    return userName;
  }

  beforeAll(async () => {
    sms = smsRecorder();
    site = await startSite({ deps: { smsProvider: sms } });
    const settings = createSettingsService(site.database.db, systemClock);
    await settings.setSetting('site_title', 'Royal Play');
    // The wallet menu (deposit, withdraw, their statements) makes the account menu its longest.
    await settings.setSetting('payment_gateway', '1');
    await settings.setSetting('otp_enable', '1');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('paints the operator frame from the HTML: logo, title and ticker before any script', async () => {
    const context = await browser.newContext({ baseURL: site.baseUrl, viewport: PHONE_VIEWPORT, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/home');
    expect(await page.title()).toBe('Royal Play');
    const logo = page.locator('.shell-header .shell-logo__image');
    expect(await logo.getAttribute('alt')).toBe('Royal Play');
    expect(await logo.getAttribute('src')).toMatch(/^\/api\/upload\/image\//);
    // No host name anywhere in the frame, and the ticker's place is taken from the start.
    expect(await page.locator('.shell-header').textContent()).not.toContain('127.0.0.1');
    expect(await page.locator('.shell-ticker').boundingBox()).toMatchObject({ height: 34 });
    expect(await page.locator('.home-hero__title').textContent()).toBe('Casino, cricket and live games in one place');
    await context.close();
  });

  it('sends scripts precompressed and answers /favicon.ico', async () => {
    const html = await (await fetch(`${site.baseUrl}/home`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
    expect(script).not.toBe('');
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${site.baseUrl}${script}`, { headers: { 'accept-encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      // Read to the end: a body left unread holds the server's socket mid-answer, and the server's
      // close at the end of the file waits for it (a hung afterAll when the socket's buffer fills).
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const icon = await fetch(`${site.baseUrl}/favicon.ico`, { redirect: 'manual' });
    expect([200, 302]).toContain(icon.status);
    await icon.arrayBuffer();
  });

  it('keeps Log out in reach above the bottom bar for a sign-up player with the gateway on', async () => {
    const userName = await newPlayer({ isSignupUser: true });
    const { context, page } = await phonePage(browser, site);
    await loginByApi(context, site, userName, PASSWORD);
    await page.goto('/home');
    await closeWelcomeBanner(page);
    await page.getByRole('button', { name: new RegExp(userName) }).click();
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    await menu.getByRole('link', { name: 'Deposit statement' }).waitFor();
    const logout = menu.getByRole('button', { name: 'Log out' });
    await logout.scrollIntoViewIfNeeded();
    expect(await receivesTap(logout)).toBe(true);
    // Logout reloads the site at /home: wait for the new page's load, not for a URL it already had.
    await Promise.all([page.waitForEvent('load'), logout.tap()]);
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it('opens the login for a guarded link and continues there after the login', async () => {
    const userName = await newPlayer();
    const { context, page } = await phonePage(browser, site);
    await page.goto('/report/account-statement');
    await page.waitForURL('**/home');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.waitFor();
    await dialog.getByLabel('Username or email').fill(userName);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await Promise.all([page.waitForURL('**/report/account-statement'), dialog.getByRole('button', { name: 'Log in' }).tap()]);
    await closeWelcomeBanner(page);
    await page.getByRole('heading', { name: 'Account statement' }).waitFor();
    expect(await page.title()).toBe('Account statement · Royal Play');
    await context.close();
  });

  it('asks a guest who taps Bets to log in instead of bouncing them silently', async () => {
    const { context, page } = await phonePage(browser, site);
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Quick menu' }).getByRole('link', { name: 'Bets' }).tap();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    await context.close();
  });

  it('shows a refusal in Hindi, and the toast leaves the Log in button free', async () => {
    const userName = await newPlayer();
    const { context, page } = await phonePage(browser, site, 'hi');
    await page.goto('/report/account-statement');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('input[autocomplete="username"]').fill(userName);
    await dialog.locator('input[autocomplete="current-password"]').fill('Wrong2026x');
    const submit = dialog.locator('button[type="submit"]');
    await submit.tap();
    const toast = page.getByTestId('toast').filter({ hasText: HINDI_WRONG_LOGIN });
    await toast.waitFor();
    expect(await page.getByText('Invalid username or password.').count()).toBe(0);
    // The sheet's main button is still what a tap on it reaches while the error shows.
    expect(await receivesTap(submit)).toBe(true);
    await context.close();
  });

  it('offers Retry when a report failed in an outage, and Apply with the same dates asks again', async () => {
    const userName = await newPlayer();
    const { context, page } = await phonePage(browser, site);
    await loginByApi(context, site, userName, PASSWORD);
    let requests = 0;
    let isDown = true;
    await page.route('**/api/report/accountStatement', async (route) => {
      requests += 1;
      if (isDown) await route.abort('connectionrefused');
      else await route.continue();
    });
    await page.goto('/report/account-statement');
    await closeWelcomeBanner(page);
    const retry = page.getByRole('alert').getByRole('button', { name: 'Try again' });
    await retry.waitFor();
    isDown = false;
    await retry.tap();
    await page.getByText('No money moved on these dates.').waitFor();
    expect(await retry.count()).toBe(0);

    const before = requests;
    await page.getByRole('button', { name: 'Apply' }).tap();
    await expect.poll(() => requests).toBeGreaterThan(before);
    await context.close();
  });

  it('marks the balance as not updated while the server cannot be reached', async () => {
    const userName = await newPlayer();
    const { context, page } = await phonePage(browser, site);
    await loginByApi(context, site, userName, PASSWORD);
    await page.goto('/home');
    await closeWelcomeBanner(page);
    await page.getByTestId('balance-free-chip').filter({ hasText: '₹' }).waitFor();
    expect(await page.getByTestId('balance-stale').count()).toBe(0);
    // Nothing at stake: the exposure is not painted as a warning.
    expect(await page.getByTestId('balance-exposure').getAttribute('data-owing')).toBeNull();

    await page.route('**/api/user/getUserBalance', (route) => route.abort('connectionrefused'));
    await page.getByTestId('balance-stale').waitFor({ timeout: 30_000 });
    await page.unroute('**/api/user/getUserBalance');
    await page.getByTestId('balance-stale').waitFor({ state: 'detached', timeout: 30_000 });
    await context.close();
  });

  it('labels a demo balance as play money', async () => {
    const { context, page } = await phonePage(browser, site);
    await page.goto('/home');
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Demo' }).first().tap()]);
    await closeWelcomeBanner(page);
    const balance = page.getByTestId('balance-display');
    await balance.waitFor();
    expect(await balance.textContent()).toContain('Play money');
    await context.close();
  });

  it('sends the forgot-password code with Enter and counts down to the next resend', async () => {
    await newPlayer({ mobile: '9876512345' });
    const { context, page } = await phonePage(browser, site);
    await page.goto('/home');
    await page.getByRole('button', { name: 'Log in', exact: true }).first().tap();
    await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Forgot password?' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Forgot password' });
    await dialog.getByLabel('Mobile number').fill('9876512345');
    await dialog.getByLabel('Mobile number').press('Enter');
    await dialog.getByText('Enter the code sent to 9876512345').waitFor();
    expect(sms.lastCodeFor('9876512345')).toMatch(/^\d{6}$/);
    const resend = dialog.getByRole('button', { name: /^Resend in \d+ s$/ });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    const seconds = Number(/(\d+)/.exec((await resend.textContent()) ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(30);
    expect(seconds).toBeLessThanOrEqual(60);
    await context.close();
  });

  it('leaves no tapped item highlighted and does not style the sportsbook entry as the current page', async () => {
    const { context, page } = await phonePage(browser, site);
    await page.goto('/home');
    const browse = page.getByRole('navigation', { name: 'Quick menu' }).getByRole('button', { name: 'Browse' });
    const restingColour = await browse.evaluate((node) => getComputedStyle(node).color);
    await browse.tap();
    const sidebarLink = page.getByRole('link', { name: 'Provably fair' }).first();
    await sidebarLink.waitFor();
    const sportsbook = page.locator('.shell-nav__link--featured').first();
    const home = page.locator('.shell-nav__link.active').first();
    const sportsbookFill = await sportsbook.evaluate(
      (node) => getComputedStyle(node).backgroundImage + getComputedStyle(node).backgroundColor,
    );
    const currentFill = await home.evaluate(
      (node) => getComputedStyle(node).backgroundImage + getComputedStyle(node).backgroundColor,
    );
    expect(sportsbookFill).not.toBe(currentFill);
    await page.keyboard.press('Escape');
    await expect.poll(() => browse.getAttribute('aria-expanded')).toBe('false');
    expect(await browse.evaluate((node) => getComputedStyle(node).color)).toBe(restingColour);
    await context.close();
  });

  it('says the password was not changed when the change is refused', async () => {
    const userName = await newPlayer();
    const { context, page } = await phonePage(browser, site);
    await loginByApi(context, site, userName, PASSWORD);
    await page.goto('/home');
    await closeWelcomeBanner(page);
    await page.getByRole('button', { name: new RegExp(userName) }).tap();
    await page.getByRole('button', { name: 'Change password' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Old password').fill('Wrong2026x');
    await dialog.getByLabel('New password').fill('Beacon2026x');
    await dialog.getByLabel('Confirm password').fill('Beacon2026x');
    await dialog.getByLabel('Confirm password').press('Enter');
    await dialog.getByRole('status').filter({ hasText: 'Your password was not changed.' }).waitFor();
    expect(await dialog.getByText('Log in again with your new password').count()).toBe(0);
    await context.close();
  });

  it('fits several report rows on a phone screen', async () => {
    const userName = await newPlayer();
    const user = await site.database.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', userName)
      .executeTakeFirstOrThrow();
    const { money } = createMoneyModule({ db: site.database.db, clock: systemClock });
    for (const reference of ['first', 'second', 'third']) {
      await moneyTransaction(site.database.db, { userIds: [user.id], now: Date.now() }, (trx) =>
        creditFromHouse(money, trx, user.id, 10_000, reference),
      );
    }
    const { context, page } = await phonePage(browser, site);
    await loginByApi(context, site, userName, PASSWORD);
    await page.goto('/report/account-statement');
    await closeWelcomeBanner(page);
    const rows = page.locator('.ui-table tbody tr:not(.ui-table__state)');
    await expect.poll(() => rows.count()).toBe(3);
    const height = (await rows.first().boundingBox())?.height ?? Number.POSITIVE_INFINITY;
    expect(height).toBeLessThan(PHONE_VIEWPORT.height / 4);
    await context.close();
  });

  it('greets nobody with the welcome banner once logged out', async () => {
    const { context, page } = await phonePage(browser, site);
    await page.goto('/home');
    await page.evaluate(() => localStorage.setItem('welcomePopup', 'true'));
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Log in', exact: true }).first().waitFor();
    expect(await page.getByRole('dialog', { name: 'Welcome' }).count()).toBe(0);
    await context.close();
  });
});
