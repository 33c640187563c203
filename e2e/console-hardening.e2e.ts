import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/api/src/lib/clock';
import { createOperatorsService, OPERATOR_LOCK_AFTER_FAILURES } from '../apps/api/src/modules/operators';
import { sandboxSignature } from '../apps/api/src/modules/payments';
import { upsertSetting } from '../apps/api/src/modules/settings/settings.repository';
import { runAdminProcess } from '../apps/api/test/test-app';
import { dismissToasts } from './support/account-helpers';
import { createFundedCustomer, postApi, submitIdentity } from './support/players';
import { logInToConsole, totpCode } from './support/console-helpers';
import { DESKTOP_VIEWPORT, launchBrowser, newPage, PHONE_VIEWPORT, type Site, startSite } from './support/site';

/**
 * The console under attack, as an operator sees it (docs/operators.md): the reconciliation
 * screen lists a payout the gateway contradicted, and an operator locked out by failed logins
 * reads why and what to do, until an owner unlocks them.
 */
const PASSWORD = 'Console2026ok';
const OPERATOR_PASSWORD = 'Operator-Pass-2026';
const SANDBOX_SECRET = 'console-hardening-e2e-secret-0123456789';
const WAIT = { timeout: 20_000 };

let site: Site;
let browser: Browser;
const secrets = new Map<string, string>();

async function createOperator(name: string, role: 'owner' | 'finance'): Promise<void> {
  const created = await createOperatorsService(site.database.db, systemClock).create({ name, password: OPERATOR_PASSWORD, role });
  secrets.set(name, created.secret);
}

/** A POST to this site's API. */
const api = <T>(path: string, token: string | null, body: unknown, headers: Record<string, string> = {}) =>
  postApi<T>(site, path, token, body, headers);

/** The gateway's signed word about a payout, as it would send it. */
async function payoutCallback(type: 'payout.paid' | 'payout.failed', withdrawId: number, amountPaise: number) {
  const raw = JSON.stringify({
    event_id: `evt_${randomUUID()}`,
    type,
    withdraw_id: withdrawId,
    amount_paise: amountPaise,
    currency: 'INR',
  });
  const response = await fetch(`${site.baseUrl}/api/payment/callback/sandbox`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': sandboxSignature(SANDBOX_SECRET, raw, Math.floor(Date.now() / 1000)),
    },
    body: raw,
  });
  expect(response.status, await response.text()).toBe(200);
}

/** A player with ₹1,000, an approved identity and a UPI id, who asks to withdraw ₹`amount`. */
async function pendingWithdrawal(userName: string, amount: number, ownerToken: string): Promise<number> {
  await createFundedCustomer(site, userName, PASSWORD, 100_000);
  const login = await api<{ data: { token: string } }>('user/login', null, {
    user_name: userName,
    password: PASSWORD,
    type: 'C',
  });
  expect(login.status).toBe(200);
  const token = login.body.data.token;
  await submitIdentity(site, token, 'Ravi Contra');
  expect((await api('admin/kycReview', ownerToken, { user_name: userName, decision: 'approved' })).status).toBe(200);
  const destination = await api<{ data: { destination_id: number } }>('payment/addDestination', token, {
    kind: 'upi',
    upi_id: `${userName}@okaxis`,
  });
  expect(destination.status).toBe(200);
  const withdraw = await api<{ data: { withdraw_id: number } }>(
    'payment/requestWithdraw',
    token,
    { amount, destination_id: destination.body.data.destination_id },
    { 'idempotency-key': randomUUID() },
  );
  expect(withdraw.status, JSON.stringify(withdraw.body)).toBe(200);
  return withdraw.body.data.withdraw_id;
}

/** Submits the console's login form once and waits for the server's answer. */
async function submitLogin(page: Page, password: string, code: string): Promise<number> {
  await page.getByLabel('User name').fill('locked_ops');
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Authenticator code').fill(code);
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/admin/login')),
    page.getByRole('button', { name: 'Log in' }).click(),
  ]);
  return answer.status();
}

beforeAll(async () => {
  // Payouts wait for the gateway's word, which this journey sends itself.
  site = await startSite({ env: { PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET, PAYMENT_SANDBOX_PAYOUTS: 'off' } });
  await upsertSetting(site.database.db, 'payment_gateway', '1', Date.now());
  browser = await launchBrowser();
  await createOperator('owner_ops', 'owner');
  await createOperator('locked_ops', 'finance');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('the console under attack', () => {
  it('the reconciliation screen shows a payout the gateway reported paid, then failed', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(browser, site, DESKTOP_VIEWPORT);
    await logInToConsole(page, 'owner_ops', OPERATOR_PASSWORD, secrets.get('owner_ops') ?? '');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(WAIT);
    const ownerToken = await page.evaluate(() => sessionStorage.getItem('consoleToken'));
    expect(ownerToken).toBeTruthy();

    const withdrawId = await pendingWithdrawal('contra_payee', 400, ownerToken!);
    expect((await api('admin/approveWithdraw', ownerToken, { withdraw_id: withdrawId })).status).toBe(200);
    await payoutCallback('payout.paid', withdrawId, 40_000);
    // The gateway contradicts itself: recorded, changed nothing, for an operator to settle.
    await payoutCallback('payout.failed', withdrawId, 40_000);

    await dismissToasts(page);
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Payments', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor(WAIT);
    await page.getByRole('tab', { name: 'Reconciliation' }).click();
    const table = page.getByRole('table', { name: 'Payouts the gateway contradicts' });
    const row = table.getByRole('row').filter({ hasText: 'contra_payee' });
    await row.waitFor(WAIT);
    const cells = (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
    expect(cells.slice(1)).toEqual([String(withdrawId), 'contra_payee', '₹400.00', 'paid', 'payout.failed']);
    // The withdrawal itself stays as the gateway's first answer left it.
    const withdrawal = await site.database.db
      .selectFrom('payment_withdrawals')
      .select('status')
      .where('id', '=', withdrawId)
      .executeTakeFirstOrThrow();
    expect(withdrawal.status).toBe('paid');
    await context.close();
  });

  it('an operator locked out by failed logins reads why and what to do; an owner unlocks them', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await page.goto('/admin/login');
    for (let attempt = 1; attempt <= OPERATOR_LOCK_AFTER_FAILURES; attempt += 1) {
      expect(await submitLogin(page, 'Wrong-Guess-2026', '123456')).toBe(422);
    }
    // The next try, even with the right password and code, is refused until the window passes.
    expect(await submitLogin(page, OPERATOR_PASSWORD, totpCode(secrets.get('locked_ops') ?? ''))).toBe(429);
    const alert = page.getByRole('alert').filter({ hasText: /failed logins/ });
    await expect
      .poll(() => alert.textContent(), WAIT)
      .toBe('Too many failed logins. Try again in 15 minutes, or ask an owner to unlock you.');

    // The owner unlocks them from the command line (docs/operators.md, "Lock-out").
    const unlocked = await runAdminProcess(site.databaseEnv, 'operator', 'unlock', '--name', 'locked_ops', '--as', 'owner_ops');
    expect(unlocked.code, unlocked.stderr).toBe(0);
    expect(unlocked.stdout).toContain('operator locked_ops unlocked');

    // A fresh code: the one sent with the refused try was never used, but the step may have turned.
    expect(await submitLogin(page, OPERATOR_PASSWORD, totpCode(secrets.get('locked_ops') ?? ''))).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(WAIT);
    await context.close();
  });
});
