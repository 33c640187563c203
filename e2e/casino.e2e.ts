import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/api/src/lib/clock';
import { CUSTOMER_USER_TYPE, createUser } from '../apps/api/src/modules/users/users.service';
import { moneyTransaction } from '../apps/api/src/db/unit-of-work';
import { createMoneyModule } from '../apps/api/src/modules/money';
import { creditFromHouse } from '../apps/api/test/wallet-support';
import { loginByApi } from './support/account-helpers';
import { launchBrowser, PHONE_VIEWPORT, type Site, startSite } from './support/site';

const PASSWORD = 'Casino2026';

/** Set CASINO_SCREENSHOTS=/some/dir to keep screenshots of the casino screens. */
const SCREENSHOT_DIR = process.env.CASINO_SCREENSHOTS;
async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}
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

/** A player with ₹5,000, logged in on a phone-sized page. */
async function playerPage(name: string): Promise<Page> {
  const userId = await createUser(site.database.db, systemClock, {
    userName: name,
    password: PASSWORD,
    userTypeId: CUSTOMER_USER_TYPE,
  });
  const { money } = createMoneyModule({ db: site.database.db, clock: systemClock });
  await moneyTransaction(site.database.db, { userIds: [userId], now: Date.now() }, (trx) =>
    creditFromHouse(money, trx, userId, 500_000, 'e2e'),
  );
  // Players are in India: report days are India days, and the date filter uses the browser's.
  const context = await browser.newContext({
    baseURL: site.baseUrl,
    viewport: PHONE_VIEWPORT,
    locale: 'en-US',
    timezoneId: 'Asia/Kolkata',
  });
  const page = await context.newPage();
  await loginByApi(context, site, name, PASSWORD);
  return page;
}

async function openGame(page: Page, name: string, section: string): Promise<void> {
  await page.goto(section);
  await page
    .getByRole('button', { name: `Play ${name}` })
    .first()
    .click();
  await page.waitForURL(/\/casino\/play\//);
  await page.getByTestId('game-balance').waitFor();
}

async function playRound(page: Page): Promise<void> {
  const before = await page.getByTestId('game-balance').textContent();
  await page.getByRole('button', { name: /^Bet ₹/ }).click();
  await page.getByTestId('round-result').waitFor();
  // The stake left and the payout (if any) came back: the balance is no longer what it was.
  await expect.poll(() => page.getByTestId('game-balance').textContent()).not.toBe(before);
}

describe('casino journeys', () => {
  it('plays a round of three games and sees the balance change, in the game and in the header', async () => {
    const page = await playerPage('casino_three');
    await page.goto('/home');
    await expect.poll(() => page.getByTestId('balance-free-chip').textContent(), { timeout: 10_000 }).toBe('₹5,000.00');

    await screenshot(page, 'lobby');
    await openGame(page, 'Dice', '/home/group/brino-game-list/super-game');
    await playRound(page);
    await screenshot(page, 'dice');
    // Andar Bahar (Andar pays 1.9×): with Dice and red on roulette, no mix of wins and losses nets to zero.
    await openGame(page, 'Andar Bahar', '/home/group/indian-game-list/SN');
    await playRound(page);
    await screenshot(page, 'andar-bahar');
    await openGame(page, 'European Roulette', '/home/group/brino-game-list/table-game');
    await playRound(page);
    await screenshot(page, 'roulette');
    await expect.poll(() => page.getByTestId('balance-free-chip').textContent(), { timeout: 10_000 }).not.toBe('₹5,000.00');

    await page.goto('/report/casino-result');
    // One row per round, each of our games verifiable.
    await expect.poll(() => page.getByRole('link', { name: 'Verify' }).count(), { timeout: 10_000 }).toBe(3);
    for (const game of ['Dice', 'Andar Bahar', 'European Roulette'])
      await page.getByText(game, { exact: true }).first().waitFor();
  });

  it('verifies a round after rotating the seed', async () => {
    const page = await playerPage('casino_verify');
    await openGame(page, 'Limbo', '/home/group/brino-game-list/super-game');
    const hash = await page.getByTestId('server-seed-hash').textContent();
    await playRound(page);
    await page.getByRole('button', { name: 'Rotate seed pair' }).click();
    await page.getByTestId('revealed-server-seed').waitFor();
    await expect.poll(() => page.getByTestId('server-seed-hash').textContent()).not.toBe(hash);

    await page.getByRole('link', { name: 'Verify' }).first().click();
    await page.waitForURL(/\/provably-fair\?round=/);
    const verifier = page.getByTestId('round-verifier');
    await expect
      .poll(() => verifier.getByLabel('Server seed (revealed)').inputValue(), { timeout: 10_000 })
      .toMatch(/^[0-9a-f]{64}$/);
    await verifier.getByRole('button', { name: 'Verify', exact: true }).click();
    const result = page.getByTestId('verify-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('The server seed matches the hash shown before play.');
    expect(await result.textContent()).toContain('The outcome matches the round as played.');
    await screenshot(page, 'verifier');
  });

  it('favourites a game and finds it under favourites', async () => {
    const page = await playerPage('casino_fav');
    await page.goto('/home/group/indian-game-list/SN');
    await page.getByRole('button', { name: 'Add Lucky 7 to favourites' }).click();
    await page.getByRole('button', { name: 'Remove Lucky 7 from favourites' }).waitFor();
    await page.goto('/home/favourites');
    await page.getByRole('button', { name: 'Play Lucky 7' }).waitFor();
    expect(await page.getByRole('button', { name: /^Play / }).count()).toBe(1);
  });
});
