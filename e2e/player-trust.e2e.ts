import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyTransaction } from '../apps/api/src/db/unit-of-work';
import { systemClock } from '../apps/api/src/lib/clock';
import { createMoneyModule } from '../apps/api/src/modules/money';
import { upsertSetting } from '../apps/api/src/modules/settings/settings.repository';
import { CUSTOMER_USER_TYPE, createUser } from '../apps/api/src/modules/users/users.service';
import { creditFromHouse } from '../apps/api/test/wallet-support';
import { fundedPhonePlayer, loginByApi } from './support/account-helpers';
import { launchBrowser, newPage, PHONE_VIEWPORT, type Site, startSite, storeLanguage } from './support/site';

/**
 * What the player sees is what happens, on a phone (390×844), in English and Hindi or Bengali:
 * money at hand in the header, the welcome banner only for demo players, the games' payouts,
 * symbols, titles and live tables, the casino results report, and racing's days and next to go.
 */
const PASSWORD = 'Trust2026ok';
const WAIT = { timeout: 30_000 };
let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ env: { SIM_SEED: 'e2e-trust', SIM_SPEED: '60' } });
  // Payments on: a real-money player can deposit.
  await upsertSetting(site.database.db, 'payment_gateway', '1', Date.now());
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** A sign-up player with ₹12,34,567.89: a long balance, the header's widest case. */
async function realMoneyPlayer(name: string, language?: string): Promise<Page> {
  const userId = await createUser(site.database.db, systemClock, {
    userName: name,
    password: PASSWORD,
    userTypeId: CUSTOMER_USER_TYPE,
    isSignupUser: true,
  });
  const { money } = createMoneyModule({ db: site.database.db, clock: systemClock });
  await moneyTransaction(site.database.db, { userIds: [userId], now: Date.now() }, (trx) =>
    creditFromHouse(money, trx, userId, 123_456_789, 'e2e'),
  );
  const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
  if (language) await storeLanguage(context, site, language);
  await loginByApi(context, site, name, PASSWORD);
  return page;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('money at hand on a phone', () => {
  it('a real-money player deposits from the header, and is not told to play with the demo account (en, hi)', async () => {
    for (const [language, label] of [
      ['en', 'Deposit'],
      ['hi', 'जमा करें'],
    ] as const) {
      const page = await realMoneyPlayer(`trust_money_${language}`, language);
      await page.goto('/home');
      // As after the site's own login: the welcome flag is set.
      await page.evaluate(() => localStorage.setItem('welcomePopup', 'true'));
      await page.reload();
      const deposit = page.getByTestId('header-deposit');
      await deposit.waitFor(WAIT);
      await expect.poll(() => page.getByTestId('balance-free-chip').textContent(), WAIT).toBe('₹12,34,567.89');
      // On a phone the button is a "+" beside the balance, named for screen readers.
      expect((await deposit.textContent())?.trim()).toContain(label);
      expect(await page.getByRole('link', { name: label, exact: true }).count()).toBe(1);
      // Beside the balance, inside the phone's width.
      const box = await deposit.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
      // The login's welcome flag is spent at once: no banner for a real-money player.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('welcomePopup'))).toBe('false');
      expect(await page.getByRole('dialog').count()).toBe(0);
      await deposit.click();
      await page.waitForURL(/\/deposit$/);
      // The balance itself leads there too.
      await page.goto('/home');
      await page.getByTestId('balance-display').click();
      await page.waitForURL(/\/deposit$/);
      await page.context().close();
    }
  });

  it('a demo player has no Deposit button and is greeted by the banner', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await page.goto('/home');
    // A demo login, stored as the site stores a login (its welcome flag set).
    const demo = (await (
      await fetch(`${site.baseUrl}/api/user/demoLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_name: 'demo' }),
      })
    ).json()) as { data: Record<string, unknown> & { token: string } };
    await page.evaluate((data) => {
      const { token, ...user } = data;
      localStorage.setItem('userInfo', JSON.stringify(user));
      localStorage.setItem('token', token);
      localStorage.setItem('welcomePopup', 'true');
    }, demo.data);
    await page.reload();
    await page.getByRole('dialog', { name: 'Welcome' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Start playing' }).click();
    await page.getByTestId('balance-display').waitFor();
    expect(await page.getByTestId('header-deposit').count()).toBe(0);
    await context.close();
  });
});

describe('games a phone player can read', () => {
  it('Mines pays before the bet, slots draw their symbols, the page is titled by the game, the live tiles count down (bn, en)', async () => {
    const { page: bengali } = await fundedPhonePlayer(site, browser, {
      name: 'trust_games_bn',
      password: PASSWORD,
      language: 'bn',
    });
    let page = bengali;
    // The live tables' tiles: LIVE, the time left and the stakes, in Bengali.
    await page.goto('/home/group/all-game-list/Live-Casino');
    const tile = page.getByTestId('live-tile-live-roulette');
    await tile.waitFor(WAIT);
    expect(await tile.textContent()).toContain('লাইভ');
    await expect.poll(() => tile.getByTestId('live-tile-time').textContent(), WAIT).toMatch(/\d+/);
    expect(await tile.textContent()).toContain('₹1–₹1,00,000');

    // Mines: what the picked tiles pay, before any bet.
    await page.goto('/home/group/brino-game-list/super-game');
    await page.getByTestId('game-mines').getByRole('button').first().click();
    await page.waitForURL(/\/casino\/play\/mines/);
    const hint = page.getByTestId('payout-hint');
    await hint.waitFor(WAIT);
    expect(await hint.textContent()).toMatch(/×/);
    expect(await page.title()).toContain('মাইন');

    // A slot in English: its name is the page's title and its symbols are drawings, not emoji.
    page = (await fundedPhonePlayer(site, browser, { name: 'trust_games_en', password: PASSWORD })).page;
    await page.goto('/home/group/all-game-list/slot');
    await page.getByRole('button', { name: 'Play Classic Sevens' }).first().click();
    await page.waitForURL(/\/casino\/play\/classic-sevens/);
    const reels = page.getByTestId('slot-reels');
    await reels.waitFor(WAIT);
    await expect.poll(() => page.title()).toMatch(/^Classic Sevens · /);
    expect(await reels.locator('svg.slot-symbol').count()).toBe(9);
    expect(await reels.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(await reels.getAttribute('aria-label')).toMatch(/Seven|Bar|Bell|Orange|Lemon|Cherry/);
    await page.getByTestId('slot-animation').click();
    await page.getByRole('button', { name: /^Spin/ }).click();
    await page.locator('.casino-result').waitFor(WAIT);

    // The casino results report: the game's name, a short round id with a copy button, rupees.
    await page.goto('/report/casino-result');
    const row = page.locator('.ui-table tbody tr:not(.ui-table__state)').first();
    await row.waitFor(WAIT);
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Classic Sevens');
    expect(text).toContain('₹');
    expect(text).toMatch(/[0-9a-f]{8}…/);
    expect(await row.getByRole('button', { name: /^Copy round id / }).count()).toBe(1);

    // Live Roulette: every number straight up, zero green, in the table's colours.
    await page.goto('/home/group/all-game-list/Live-Casino');
    await page.getByRole('button', { name: 'Play Live Roulette' }).first().click();
    await page.waitForURL(/\/casino\/play\/live-roulette/);
    await page.getByTestId('live-spot-n-17').waitFor(WAIT);
    expect(await page.locator('.lt-number').count()).toBe(37);
    expect(await page.getByTestId('live-spot-zero').getAttribute('class')).toContain('lt-number--green');
    expect(await page.getByTestId('live-spot-n-1').getAttribute('class')).toContain('lt-number--red');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  });
});

describe('racing on a phone', () => {
  it('opens with the next races to go and today’s meetings first; any race is one or two taps away (hi)', async () => {
    const { page } = await fundedPhonePlayer(site, browser, { name: 'trust_racing', password: PASSWORD, language: 'hi' });
    await page.goto('/sports/7');
    const strip = page.getByTestId('next-to-go');
    await strip.waitFor(WAIT);
    expect(await strip.getByRole('heading').textContent()).toBe('अगली रेस');
    // The strip sits at the top of the page, above every meeting.
    const stripBox = await strip.boundingBox();
    expect(stripBox && stripBox.y).toBeLessThan(PHONE_VIEWPORT.height / 2);
    const days = page.getByTestId('race-day');
    await expect.poll(() => days.first().getAttribute('data-offset')).toBe('0');
    expect(await days.first().getByRole('heading', { level: 2 }).textContent()).toBe('आज');
    // A later day's meeting is folded: tap the venue, then the race.
    const folded = page.locator('[data-testid="race-day"]:not([data-offset="0"]) details.meeting').first();
    if ((await folded.count()) > 0) {
      await folded.locator('summary').click();
      expect(await folded.getByTestId('race-row').first().isVisible()).toBe(true);
    }
    // One tap from the strip to the race's card.
    const first = strip.getByRole('link').first();
    const href = await first.getAttribute('href');
    await first.click();
    await page.waitForURL((url) => url.pathname === href);
  });
});
