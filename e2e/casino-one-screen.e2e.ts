import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/api/src/lib/clock';
import { moneyTransaction } from '../apps/api/src/db/unit-of-work';
import { createMoneyModule } from '../apps/api/src/modules/money';
import { CUSTOMER_USER_TYPE, createUser } from '../apps/api/src/modules/users/users.service';
import { creditFromHouse } from '../apps/api/test/wallet-support';
import { loginByApi } from './support/account-helpers';
import { launchBrowser, PHONE_VIEWPORT, type Site, startSite } from './support/site';

const PASSWORD = 'OneScreen2026';

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

/** A player with ₹5,000, logged in on a phone, in `language`. */
async function phonePlayer(name: string, language: string): Promise<{ page: Page; context: BrowserContext }> {
  const userId = await createUser(site.database.db, systemClock, {
    userName: name,
    password: PASSWORD,
    userTypeId: CUSTOMER_USER_TYPE,
  });
  const { money } = createMoneyModule({ db: site.database.db, clock: systemClock });
  await moneyTransaction(site.database.db, { userIds: [userId], now: Date.now() }, (trx) =>
    creditFromHouse(money, trx, userId, 500_000, 'e2e'),
  );
  const context = await browser.newContext({ baseURL: site.baseUrl, viewport: PHONE_VIEWPORT, locale: 'en-US' });
  await context.addInitScript((code) => localStorage.setItem('language', code), language);
  await loginByApi(context, site, name, PASSWORD);
  return { page: await context.newPage(), context };
}

/**
 * Whether the element is seen and tappable where it is: its rect inside the viewport and above the
 * bottom bar, and `document.elementFromPoint` at its centre is it (or inside it).
 */
function hitTest(page: Page, testId: string) {
  return page.evaluate((id) => {
    const element = document.querySelector(`[data-testid="${id}"]`);
    if (!element) return { ok: false, why: 'missing' };
    const rect = element.getBoundingClientRect();
    const bar = document.querySelector('.shell-bottombar');
    const barTop = bar && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect().top : window.innerHeight;
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    const isHit = hit !== null && (hit === element || element.contains(hit));
    const isInside = rect.top >= 0 && rect.left >= 0 && rect.right <= window.innerWidth && rect.bottom <= barTop;
    return {
      ok: isHit && isInside,
      why: `rect ${Math.round(rect.top)}–${Math.round(rect.bottom)}, bar at ${barTop}, hit ${isHit}`,
    };
  }, testId);
}

describe('one screen per game on a phone', () => {
  it.each([
    ['en', 'Bet ₹'],
    ['hi', 'का दांव'],
    ['bn', 'বাজি'],
  ])(
    'plays Dice in %s: board, stake, Bet button and result at once above the bottom bar, no scrolling',
    async (language, betLabel) => {
      const { page, context } = await phonePlayer(`onescreen_${language}`, language);
      await page.goto('/home/group/brino-game-list/super-game');
      await page.locator('button[aria-label*="Dice"], a[aria-label*="Dice"]').first().click();
      await page.waitForURL(/\/casino\/play\/dice/);
      await page.getByTestId('game-balance').waitFor();
      const bet = page.getByRole('button', { name: betLabel });
      await bet.waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await bet.evaluate((element) => element.setAttribute('data-testid', 'dice-bet'));
      expect(await hitTest(page, 'dice-bet')).toMatchObject({ ok: true });

      await bet.click();
      await page.getByTestId('round-result').waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await hitTest(page, 'round-result')).toMatchObject({ ok: true });
      expect(await hitTest(page, 'dice-bet')).toMatchObject({ ok: true });
      await context.close();
    },
  );
});
