import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/api/src/lib/clock';
import { auditLedger } from '../apps/api/src/modules/money';
import { upsertSetting } from '../apps/api/src/modules/settings/settings.repository';
import { CUSTOMER_USER_TYPE, createUser } from '../apps/api/src/modules/users/users.service';
import { PNG_BYTES } from '../apps/api/test/payments-support';
import { runAdminProcess } from '../apps/api/test/test-app';
import { closeWelcomeBanner, dismissToasts, loginByApi } from './support/account-helpers';
import { launchBrowser, newPage, PHONE_VIEWPORT, type Site, startSite } from './support/site';

/**
 * Payments, the whole journey on a phone (docs/payments.md): deposit through the sandbox's hosted
 * page and see the balance rise; verify identity; save a UPI id and ask for a withdrawal; the
 * operator approves it from the command line; the sandbox pays it and the withdrawal statement says
 * paid. A demo account sees no wallet menu and reaches none of its pages.
 */
const PASSWORD = 'Payments2026';
/** Set PAYMENTS_SCREENSHOTS=/some/dir to keep phone screenshots of the payment screens. */
const SCREENSHOT_DIR = process.env.PAYMENTS_SCREENSHOTS;
async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  await upsertSetting(site.database.db, 'payment_gateway', '1', Date.now());
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function openMenuLink(page: Page, userName: string, link: string): Promise<void> {
  await dismissToasts(page);
  await page.getByRole('button', { name: new RegExp(`Account menu of ${userName}`) }).click();
  await page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: link, exact: true }).click();
}

describe('payments on a phone', () => {
  it('deposits through the sandbox, verifies identity, withdraws, and shows the payout paid', { timeout: 120_000 }, async () => {
    const userId = await createUser(site.database.db, systemClock, {
      userName: 'payjourney',
      password: PASSWORD,
      userTypeId: CUSTOMER_USER_TYPE,
      isSignupUser: true,
    });
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await loginByApi(context, site, 'payjourney', PASSWORD);
    await page.goto('/home');
    await closeWelcomeBanner(page);
    const freeChip = page.getByTestId('balance-free-chip');
    await expect.poll(() => freeChip.textContent()).toBe('₹0.00');

    // Deposit: a preset, the method, then the sandbox's hosted page.
    await openMenuLink(page, 'payjourney', 'Deposit');
    await page.getByRole('heading', { name: 'Deposit', level: 1 }).waitFor();
    await page.getByRole('button', { name: '₹1,000.00' }).click();
    await page.getByRole('radio', { name: 'UPI' }).check();
    await screenshot(page, 'deposit-form');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/sandbox-pay\/[0-9a-f]{32}$/);
    expect(await page.getByRole('note').textContent()).toContain('SANDBOX');
    await page.getByRole('radio', { name: 'Card' }).check();
    await screenshot(page, 'sandbox-page');
    await page.getByRole('button', { name: 'Approve payment' }).click();

    // Back on the site: the outcome, once the sandbox's signed callback is processed.
    await page.waitForURL(/\/deposit\?order_id=D[0-9a-f]{24}$/);
    const outcome = page.getByTestId('deposit-outcome');
    await expect.poll(() => outcome.getAttribute('data-status'), { timeout: 20_000 }).toBe('credited');
    expect(await outcome.textContent()).toContain('₹1,000.00 was added to your balance.');
    await expect.poll(() => freeChip.textContent(), { timeout: 10_000 }).toBe('₹1,000.00');
    await screenshot(page, 'deposit-credited');

    // Identity.
    await openMenuLink(page, 'payjourney', 'Withdraw');
    await page.getByLabel('Legal name (as on your ID)').fill('Payal Journey');
    await page.getByLabel('Date of birth').fill('1991-03-05');
    await page.getByLabel('ID document (photo)').setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await page.getByRole('button', { name: 'Send for checking' }).click();
    await expect.poll(() => page.getByTestId('kyc-state').textContent()).toContain('being checked');
    const kycApproved = await runAdminProcess(site.databaseEnv, 'kyc', 'approve', '--name', 'payjourney');
    expect(kycApproved.code, kycApproved.stderr).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByTestId('kyc-state').textContent()).toBe('Your identity is verified.');

    // A UPI destination and the withdrawal: the money is held at once.
    await page.getByLabel('UPI ID').fill('payjourney@okaxis');
    await page.getByRole('button', { name: 'Save destination' }).click();
    await page.getByRole('radio', { name: 'UPI payjourney@okaxis' }).waitFor();
    await page.getByLabel('Amount (₹)').fill('400');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect.poll(() => page.getByTestId('open-withdrawal').count()).toBe(1);
    expect(await page.getByTestId('open-withdrawal').textContent()).toContain('Pending');
    await expect.poll(() => freeChip.textContent(), { timeout: 10_000 }).toBe('₹600.00');
    await screenshot(page, 'withdraw-pending');

    // The operator approves from the command line; the sandbox pays a few seconds later.
    const withdrawal = await site.database.db
      .selectFrom('payment_withdrawals')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const approved = await runAdminProcess(site.databaseEnv, 'payments', 'approve', '--id', String(withdrawal.id));
    expect(approved.code, approved.stderr).toBe(0);

    await openMenuLink(page, 'payjourney', 'Withdrawal statement');
    // Phones show the table's rows as cards (no table roles): the newest row by its element.
    const firstRow = page.locator('.ui-table tbody tr').first();
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Apply' }).click();
          return firstRow.textContent();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toContain('Paid');
    expect(await firstRow.textContent()).toContain('UPI payjourney@okaxis');
    expect(await page.getByTestId('net-deposits').textContent()).toContain('₹600.00');
    await screenshot(page, 'withdraw-statement');
    expect((await auditLedger(site.database.db)).faults).toEqual([]);
    await context.close();
  });

  it('shows a demo account no wallet menu and none of its pages', async () => {
    await createUser(site.database.db, systemClock, {
      userName: 'paydemo',
      password: PASSWORD,
      userTypeId: CUSTOMER_USER_TYPE,
      isSignupUser: true,
      isDemo: true,
    });
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await loginByApi(context, site, 'paydemo', PASSWORD);
    await page.goto('/home');
    await closeWelcomeBanner(page);
    await page.getByRole('button', { name: /Account menu of paydemo/ }).click();
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    await menu.getByRole('link', { name: 'Account statement' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Deposit' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Withdrawal statement' }).count()).toBe(0);
    for (const url of ['/deposit', '/withdraw', '/report/deposit-statement', '/report/withdraw-statement']) {
      await page.goto(url);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    }
    await context.close();
  });
});
