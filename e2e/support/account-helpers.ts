import type { Browser, BrowserContext, Page } from 'playwright-core';
import { moneyTransaction } from '../../apps/api/src/db/unit-of-work';
import { systemClock } from '../../apps/api/src/lib/clock';
import { createMoneyModule } from '../../apps/api/src/modules/money';
import { CUSTOMER_USER_TYPE, createUser } from '../../apps/api/src/modules/users/users.service';
import { creditFromHouse } from '../../apps/api/test/wallet-support';
import { PHONE_VIEWPORT, type Site, storeLanguage } from './site';

/** Closes the welcome banner that follows a login, when the site shows one. */
export async function closeWelcomeBanner(page: Page): Promise<void> {
  const start = page.getByRole('button', { name: 'Start playing' });
  // The banner opens once the settings have loaded; it may take a moment.
  const isShown = await start.waitFor({ timeout: 3_000 }).then(
    () => true,
    () => false,
  );
  if (isShown) await start.click();
}

/** Logs in through the API and stores the session as the site does (docs/product.md §4), then opens the page. */
export async function loginByApi(context: BrowserContext, site: Site, userName: string, password: string): Promise<string> {
  const response = await fetch(`${site.baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: userName, password, type: 'C' }),
  });
  const body = (await response.json()) as { status: boolean; data: Record<string, unknown> & { token: string; user_id: number } };
  if (!body.status) throw new Error(`login of ${userName} failed`);
  const { token, ...user } = body.data;
  await context.addInitScript(
    ({ token, user }) => {
      if (localStorage.getItem('e2e-seeded')) return;
      localStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('userInfo', JSON.stringify(user));
      localStorage.setItem('token', token);
      localStorage.setItem('userId', String(user.user_id));
      localStorage.setItem('isLoggedIn', 'true');
    },
    { token, user },
  );
  return token;
}

/** True when the API accepts these credentials. */
export async function canLogIn(site: Site, userName: string, password: string): Promise<boolean> {
  const response = await fetch(`${site.baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.99' },
    body: JSON.stringify({ user_name: userName, password, type: 'C' }),
  });
  return response.status === 200;
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token'));
}

/** Closes every toast (on a phone they sit over the header buttons). */
export async function dismissToasts(page: Page): Promise<void> {
  const closers = page.getByTestId('toast').getByRole('button', { name: 'Close' });
  while ((await closers.count()) > 0) await closers.first().click();
}

/** Set ACCOUNT_SCREENSHOTS=/some/dir to keep phone screenshots of the account modals. */
const SCREENSHOT_DIR = process.env.ACCOUNT_SCREENSHOTS;
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

/**
 * A new player with ₹5,000 (or `paise`), logged in through the API in a new phone-sized context;
 * `language` is the site's language from the first page on.
 */
export async function fundedPhonePlayer(
  site: Site,
  browser: Browser,
  options: { name: string; password: string; paise?: number; language?: string },
): Promise<{ page: Page; context: BrowserContext }> {
  const userId = await createUser(site.database.db, systemClock, {
    userName: options.name,
    password: options.password,
    userTypeId: CUSTOMER_USER_TYPE,
  });
  const { money } = createMoneyModule({ db: site.database.db, clock: systemClock });
  await moneyTransaction(site.database.db, { userIds: [userId], now: Date.now() }, (trx) =>
    creditFromHouse(money, trx, userId, options.paise ?? 500_000, 'e2e'),
  );
  const context = await browser.newContext({ baseURL: site.baseUrl, viewport: PHONE_VIEWPORT, locale: 'en-US' });
  const { language } = options;
  if (language) await storeLanguage(context, site, language);
  await loginByApi(context, site, options.name, options.password);
  return { page: await context.newPage(), context };
}
