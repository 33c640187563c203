import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/api/src/lib/clock';
import { createUser } from '../apps/api/src/modules/users/users.service';
import { type SmsRecorder, smsRecorder } from '../apps/api/test/accounts-support';
import {
  canLogIn,
  closeWelcomeBanner,
  keepScreenshot as screenshot,
  dismissToasts,
  loginByApi,
  storedToken,
} from './support/account-helpers';
import { DESKTOP_VIEWPORT, launchBrowser, newPage, PHONE_VIEWPORT, type Site, startSite } from './support/site';

describe('account: forgot, change and forced password change; activity log', () => {
  let site: Site;
  let browser: Browser;
  let sms: SmsRecorder;

  beforeAll(async () => {
    sms = smsRecorder();
    site = await startSite({ deps: { smsProvider: sms } });
    const db = site.database.db;
    await createUser(db, systemClock, { userName: 'changer', password: 'Changer2026', userTypeId: 7 });
    await createUser(db, systemClock, { userName: 'closer', password: 'Closer2026', userTypeId: 7 });
    await createUser(db, systemClock, { userName: 'forced', password: 'Temporary2026', userTypeId: 7, mustChangePassword: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const headerLogin = (page: Page) => page.locator('.account-area').getByRole('button', { name: 'Log in', exact: true });

  async function openForgotPassword(page: Page) {
    await headerLogin(page).click();
    await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot password' });
    await dialog.waitFor();
    return dialog;
  }

  it('resets a forgotten password: phone step, OTP and new password, then home', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await page.goto('/home/group/all-game-list/slot');
    const dialog = await openForgotPassword(page);
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    await dialog.getByText('mobile Number is required').waitFor();

    await dialog.getByLabel('Mobile number').fill('9000000001');
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    await dialog.getByLabel('OTP').waitFor();
    // The code was just sent: Resend waits as long as the server would refuse, with the seconds left.
    const resend = dialog.getByRole('button', { name: /^Resend in \d+ s$/ });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await page.getByTestId('toast').getByText('Enter all Details').waitFor();
    await screenshot(page, 'forgot-code-step-phone');

    await dialog.getByLabel('OTP').fill(sms.lastCodeFor('9000000001'));
    await dialog.getByLabel('New password').fill('Harbour2026');
    await dialog.getByLabel('Confirm password').fill('Harbour2026');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await page
      .getByTestId('toast')
      .getByText(/its password has been changed/)
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL('**/home');
    expect(await canLogIn(site, 'player1', 'Harbour2026')).toBe(true);
    await context.close();
  });

  it('on a wrong code shows the message, closes and starts the form again', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await page.goto('/home');
    let dialog = await openForgotPassword(page);
    await dialog.getByLabel('Mobile number').fill('9333000001');
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    await dialog.getByLabel('OTP').waitFor();
    const wrong = sms.lastCodeFor('9333000001') === '000000' ? '111111' : '000000';
    await dialog.getByLabel('OTP').fill(wrong);
    await dialog.getByLabel('New password').fill('Harbour2027');
    await dialog.getByLabel('Confirm password').fill('Harbour2027');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').getByText('The OTP is wrong. 4 tries left.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await dismissToasts(page);
    dialog = await openForgotPassword(page);
    expect(await dialog.getByLabel('Mobile number').inputValue()).toBe('');
    await context.close();
  });

  it('changes the password from the menu and logs out 2 s later', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await loginByApi(context, site, 'changer', 'Changer2026');
    await page.goto('/home');
    await page.getByRole('button', { name: /changer/ }).click();
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Old password').fill('Changer2026');
    await dialog.getByLabel('New password').fill('Lantern2026');
    await dialog.getByLabel('Confirm password').fill('Lantern2026');
    await screenshot(page, 'change-password-phone');
    const clickedAt = Date.now();
    await dialog.getByRole('button', { name: 'Change password' }).click();
    // Shown for the 2 s before the logout, with the server's answer in a toast.
    await dialog.getByText('You will be logged out in a moment').waitFor();
    await headerLogin(page).waitFor({ timeout: 10_000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(2_000);
    expect(await storedToken(page)).toBeNull();
    // No "session expired" alert for a logout the site did on purpose.
    expect(await page.getByRole('dialog', { name: 'You have been logged out' }).count()).toBe(0);
    expect(await canLogIn(site, 'changer', 'Lantern2026')).toBe(true);
    await context.close();
  });

  it('still logs out 2 s after a change when the modal is closed at once, even on failure', async () => {
    const newPassword = 'Beacon2026';
    // A wrong old password first (the failure path), then the right one.
    for (const oldPassword of ['Wrong2026', 'Closer2026']) {
      const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
      await loginByApi(context, site, 'closer', 'Closer2026');
      await page.goto('/home');
      await page.getByRole('button', { name: /closer/ }).click();
      await page.getByRole('button', { name: 'Change password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change password' });
      await dialog.getByLabel('Old password').fill(oldPassword);
      await dialog.getByLabel('New password').fill(newPassword);
      await dialog.getByLabel('Confirm password').fill(newPassword);
      const clickedAt = Date.now();
      await dialog.getByRole('button', { name: 'Change password' }).click();
      // Closed while the request is still running: neither the answer nor the logout may be lost.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await storedToken(page)).not.toBeNull();
      await headerLogin(page).waitFor({ timeout: 10_000 });
      expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(2_000);
      expect(await storedToken(page)).toBeNull();
      expect(await page.getByRole('dialog', { name: 'You have been logged out' }).count()).toBe(0);
      await context.close();
    }
    expect(await canLogIn(site, 'closer', 'Beacon2026')).toBe(true);
  });

  it('forces a password change before anything else when is_change_password is 1', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await page.goto('/home');
    await headerLogin(page).click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel('Username or email').fill('forced');
    await login.getByLabel('Password', { exact: true }).fill('Temporary2026');
    await Promise.all([page.waitForEvent('load'), login.getByRole('button', { name: 'Log in', exact: true }).click()]);
    await closeWelcomeBanner(page);

    const dialog = page.getByRole('dialog', { name: 'Set a new password' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await screenshot(page, 'forced-password-phone');

    // A refused forced change does not log out (docs/accounts.md): the player corrects it and retries.
    await dialog.getByLabel('Old password').fill('NotTemporary2026');
    await dialog.getByLabel('New password').fill('Compass2026');
    await dialog.getByLabel('Confirm password').fill('Compass2026');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('toast').first().waitFor();
    await page.waitForTimeout(2_500);
    expect(await dialog.isVisible()).toBe(true);
    expect(await storedToken(page)).not.toBeNull();
    await dismissToasts(page);

    await dialog.getByLabel('Old password').fill('Temporary2026');
    await dialog.getByLabel('New password').fill('Compass2026');
    await dialog.getByLabel('Confirm password').fill('Compass2026');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText('You will be logged out in a moment').waitFor();
    await headerLogin(page).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('dialog', { name: 'You have been logged out' }).count()).toBe(0);
    expect(await canLogIn(site, 'forced', 'Compass2026')).toBe(true);
    await context.close();
  });

  it('lists the activity log newest first on /report/activity-log', async () => {
    const { context, page } = await newPage(browser, site, DESKTOP_VIEWPORT);
    await loginByApi(context, site, 'changer', 'Lantern2026');
    await page.goto('/report/activity-log');
    await page.getByRole('heading', { name: 'Activity log', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Activity log' });
    await table.getByText('Password changed').waitFor();
    const events = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(events[0]).toBe('Logged in');
    expect(events).toContain('Password changed');
    await screenshot(page, 'activity-log-desktop');
    await context.close();

    const phone = await newPage(browser, site, PHONE_VIEWPORT);
    await loginByApi(phone.context, site, 'changer', 'Lantern2026');
    await phone.page.goto('/report/activity-log');
    await phone.page.getByRole('table', { name: 'Activity log' }).getByText('Password changed').waitFor();
    await screenshot(phone.page, 'activity-log-phone');
    await phone.context.close();
  });
});
