import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyTransaction, type Tx } from '../apps/api/src/db/unit-of-work';
import { systemClock } from '../apps/api/src/lib/clock';
import { CUSTOMER_USER_TYPE, createUser } from '../apps/api/src/modules/users/users.service';
import { creditFromHouse, type MoneyServices, moneyServices, setHold } from '../apps/api/test/wallet-support';
import { loginByApi } from './support/account-helpers';
import { DESKTOP_VIEWPORT, launchBrowser, newPage, PHONE_VIEWPORT, type Site, startSite } from './support/site';

/** Set WALLET_SCREENSHOTS=/some/dir to keep screenshots of the wallet screens. */
const SCREENSHOT_DIR = process.env.WALLET_SCREENSHOTS;
async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

const PASSWORD = 'Wallet2026';
let site: Site;
let browser: Browser;
let wallet: MoneyServices;

beforeAll(async () => {
  site = await startSite();
  wallet = moneyServices(site.database.db, systemClock);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function newPlayer(name: string): Promise<number> {
  return createUser(site.database.db, systemClock, { userName: name, password: PASSWORD, userTypeId: CUSTOMER_USER_TYPE });
}

const inTransaction = <T>(work: (trx: Tx) => Promise<T>, ...userIds: number[]) =>
  moneyTransaction(site.database.db, { userIds, now: Date.now() }, work);

async function openMenu(page: Page, name: string) {
  await page
    .getByRole('button', { name: new RegExp(name) })
    .first()
    .click();
  return page.getByRole('navigation', { name: 'Account menu' });
}

describe('wallet in the header', () => {
  it('shows balance and exposure, and a credit appears within one poll', async () => {
    const userId = await newPlayer('wallet_header');
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await loginByApi(context, site, 'wallet_header', PASSWORD);
    await page.goto('/home');
    const freeChip = page.getByTestId('balance-free-chip');
    await expect.poll(() => freeChip.textContent()).toBe('₹0.00');

    await inTransaction((trx) => creditFromHouse(wallet.money, trx, userId, 123_456_750, 'e2e'), userId);
    await inTransaction(
      (trx) => setHold(wallet.money, trx, { userId, marketKey: 'market:e2e', exposure: 20_025, cause: 'bet:e2e' }),
      userId,
    );
    // Polled every 5 s: the new figures show within one poll.
    await expect.poll(() => freeChip.textContent(), { timeout: 7_000 }).toBe('₹12,34,367.25');
    expect(await page.getByTestId('balance-exposure').textContent()).toBe('₹200.25');
    expect(await page.evaluate(() => sessionStorage.getItem('exposure'))).toBe('200.25');
    const box = await page.getByTestId('balance-display').boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    // A lakh-sized balance is shown whole on a phone, never cut off.
    const isCut = await freeChip.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(isCut).toBe(false);
    await screenshot(page, 'balance-phone');
    await context.close();
  });
});

describe('bonus wallet menu', () => {
  it('ignores a wallet holding no bonus, activates one that does and reloads', async () => {
    const userId = await newPlayer('wallet_switch');
    await inTransaction(
      (trx) => wallet.bonuses.grant(trx, { userId, amount: 50_050, wallet: 'split', reason: 'welcome' }),
      userId,
    );
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await loginByApi(context, site, 'wallet_switch', PASSWORD);
    await page.goto('/home');
    let menu = await openMenu(page, 'wallet_switch');
    const split = menu.getByRole('button', { name: /Split bonus/ });
    await expect.poll(() => split.textContent()).toContain('₹500.50');
    const wager = menu.getByRole('button', { name: /Wager bonus/ });
    expect(await wager.getAttribute('aria-disabled')).toBe('true');
    expect(await menu.getByRole('button', { name: /No bonus wallet/ }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'bonus-menu-phone');

    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('updateUserWalletStatus')) calls += 1;
    });
    // The button is aria-disabled but still clickable, as on the site: the click must do nothing.
    await wager.click({ force: true });
    await page.waitForTimeout(300);
    expect(calls).toBe(0);

    await Promise.all([page.waitForEvent('load'), split.click()]);
    expect(calls).toBe(1);
    menu = await openMenu(page, 'wallet_switch');
    await expect.poll(() => menu.getByRole('button', { name: /Split bonus/ }).getAttribute('aria-pressed')).toBe('true');
    expect((await wallet.wallet.getBalance(userId)).active_wallet).toBe(1);
    await context.close();
  });

  it('is not offered to a sub account, which still sets its button values', async () => {
    await createUser(site.database.db, systemClock, {
      userName: 'wallet_sub',
      password: PASSWORD,
      userTypeId: CUSTOMER_USER_TYPE,
      parentId: -1,
    });
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await loginByApi(context, site, 'wallet_sub', PASSWORD);
    await page.goto('/home');
    const menu = await openMenu(page, 'wallet_sub');
    await menu.getByRole('button', { name: 'Set button values' }).waitFor();
    expect(await menu.getByText('Bonus wallet').count()).toBe(0);
    await context.close();
  });
});

describe('set button values', () => {
  it('edits the Game and Casino buttons, refuses a bad value, saves and keeps them after a reload', async () => {
    await newPlayer('wallet_buttons');
    const { context, page } = await newPage(browser, site, DESKTOP_VIEWPORT);
    await loginByApi(context, site, 'wallet_buttons', PASSWORD);
    await page.goto('/home');
    let menu = await openMenu(page, 'wallet_buttons');
    await menu.getByRole('button', { name: 'Set button values' }).click();
    let dialog = page.getByRole('dialog', { name: 'Set button values' });
    expect(await dialog.getByRole('tab', { name: 'Game' }).getAttribute('aria-selected')).toBe('true');
    const firstValue = dialog.getByLabel('Stake of button 1 in rupees');
    await expect.poll(() => firstValue.inputValue()).toBe('100');

    await firstValue.fill('150.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter whole rupees, without decimals.').waitFor();
    await firstValue.fill('150');
    await dialog.getByLabel('Label of button 1').fill('Starter');
    await dialog.getByRole('tab', { name: 'Casino' }).click();
    await dialog.getByLabel('Stake of button 6 in rupees').fill('7500');
    await screenshot(page, 'buttons-modal-desktop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Button values saved' }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    menu = await openMenu(page, 'wallet_buttons');
    await menu.getByRole('button', { name: 'Set button values' }).click();
    dialog = page.getByRole('dialog', { name: 'Set button values' });
    await expect.poll(() => dialog.getByLabel('Stake of button 1 in rupees').inputValue()).toBe('150');
    expect(await dialog.getByLabel('Label of button 1').inputValue()).toBe('Starter');
    await dialog.getByRole('tab', { name: 'Casino' }).click();
    expect(await dialog.getByLabel('Stake of button 6 in rupees').inputValue()).toBe('7500');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('wallet reports', () => {
  it('shows the account statement with running balances and totals, and the bonus pages', async () => {
    const userId = await newPlayer('wallet_reports');
    await inTransaction(async (trx) => {
      await creditFromHouse(wallet.money, trx, userId, 500_000, 'welcome gift');
      await wallet.bonuses.grant(trx, { userId, amount: 10_000, wallet: 'wager', reason: 'reload offer' });
    }, userId);
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await loginByApi(context, site, 'wallet_reports', PASSWORD);
    await page.goto('/report/account-statement');
    await page.getByRole('heading', { name: 'Account statement' }).waitFor();
    await page.getByText('Credit by the operator').waitFor();
    expect(await page.getByText('welcome gift').count()).toBe(1);
    expect(await page.getByText('Total credit').locator('..').textContent()).toContain('₹5,100.00');
    await screenshot(page, 'statement-phone');

    await page.goto('/report/user-bouns');
    await page.getByText('reload offer').waitFor();
    await page.getByText('0.00 of 1,000.00 wagered').waitFor();
    await screenshot(page, 'user-bonus-phone');
    await page.goto('/report/bouns-history');
    await page.getByText('Credited', { exact: true }).first().waitFor();
    await context.close();
  });
});
