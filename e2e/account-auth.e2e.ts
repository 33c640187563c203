import { TERMS_VERSION } from '@app/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/api/src/lib/clock';
import { createSettingsService } from '../apps/api/src/modules/settings/settings.service';
import { type SmsRecorder, smsRecorder } from '../apps/api/test/accounts-support';
import { closeWelcomeBanner, keepScreenshot as screenshot, loginByApi, storedToken } from './support/account-helpers';
import { launchBrowser, newPage, PHONE_VIEWPORT, type Site, startSite } from './support/site';

describe('account: sign-up, login, logout and the session-ended alert', () => {
  let site: Site;
  let browser: Browser;
  let sms: SmsRecorder;

  beforeAll(async () => {
    sms = smsRecorder();
    site = await startSite({ deps: { smsProvider: sms } });
    await createSettingsService(site.database.db, systemClock).setSetting('otp_enable', '1');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('signs up with an OTP: spaces blocked, the code from the SMS, logged in after', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await page.goto('/home');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.waitFor();

    await dialog.getByLabel('Username').pressSequentially('new player');
    expect(await dialog.getByLabel('Username').inputValue()).toBe('newplayer');
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    expect(await dialog.getByText('Username is required').count()).toBe(0);
    await dialog.getByText('mobile Number is required').waitFor();
    await dialog.getByText('Password is required', { exact: true }).waitFor();
    // The form cannot be sent without the age (18+) and terms confirmation (docs/accounts.md).
    await dialog.getByText('Confirm that you are 18 or older and accept the terms to register.').waitFor();
    await screenshot(page, 'register-errors-phone');

    await dialog.getByLabel('Mobile number').fill('9876500001');
    const send = dialog.getByRole('button', { name: 'Send OTP' });
    await send.click();
    await page.getByText('OTP sent. It is valid for 5 minutes.').waitFor();
    // Disabled while the server would refuse another code to this number, with the seconds left.
    const resend = dialog.getByRole('button', { name: /^Resend in \d+ s$/ });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);

    await dialog.getByLabel('OTP').fill(sms.lastCodeFor('9876500001'));
    await dialog.getByLabel('Password', { exact: true }).fill('Mango2026x');
    await dialog.getByLabel('Confirm password').fill('Mango2026y');
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await dialog.getByText('does not match').waitFor();
    await dialog.getByLabel('Confirm password').fill('Mango2026x');
    await dialog.getByLabel('I am 18 or older and I accept the terms and conditions.').check();
    await screenshot(page, 'register-otp-phone');
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Register', exact: true }).click()]);

    await closeWelcomeBanner(page);
    await page.getByRole('button', { name: /newplayer/ }).waitFor();
    const stored = await page.evaluate(() => ({
      user: JSON.parse(localStorage.getItem('userInfo') ?? 'null') as { user_name: string; is_signup_user: string },
      isLoggedIn: localStorage.getItem('isLoggedIn'),
      userId: localStorage.getItem('userId'),
    }));
    expect(stored.user).toMatchObject({ user_name: 'newplayer', is_signup_user: '1' });
    expect(stored.isLoggedIn).toBe('true');
    expect(Number(stored.userId)).toBeGreaterThan(0);
    expect(await storedToken(page)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Recorded with the account: when, and which terms.
    const recorded = await site.database.db
      .selectFrom('users')
      .select(['age_terms_confirmed_at', 'terms_version'])
      .where('user_name', '=', 'newplayer')
      .executeTakeFirstOrThrow();
    expect(recorded.terms_version).toBe(TERMS_VERSION);
    expect(Number(recorded.age_terms_confirmed_at)).toBeGreaterThan(0);
    await context.close();
  });

  it('shows the server message for a wrong password, then logs in and out', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await page.goto('/home');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    // Focus starts in the form (the first field), not on the × close button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('username');
    expect(await dialog.getByLabel('Username or email').evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await dialog.getByText('Username or email is required').waitFor();
    await screenshot(page, 'login-errors-phone');

    await dialog.getByLabel('Username or email').fill('player1');
    await dialog.getByLabel('Password', { exact: true }).fill('NotMine2026');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByTestId('toast').getByText('Invalid username or password.').waitFor();

    await dialog.getByLabel('Password', { exact: true }).fill('Player2026');
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Log in', exact: true }).click()]);
    await closeWelcomeBanner(page);
    const menu = page.getByRole('button', { name: /player1/ });
    await menu.click();
    const nav = page.getByRole('navigation', { name: 'Account menu' });
    await nav.getByRole('link', { name: 'Account statement' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Current bets' }).count()).toBe(1);
    expect(await nav.getByRole('button', { name: 'Change password' }).count()).toBe(1);
    // payment_gateway is '0': no wallet menu and no deposit statement.
    expect(await nav.getByRole('link', { name: 'Deposit statement' }).count()).toBe(0);
    await screenshot(page, 'user-menu-phone');

    // Logout reloads the site at /home: wait for the new page's load, not for a URL it already had.
    await Promise.all([page.waitForEvent('load'), nav.getByRole('button', { name: 'Log out' }).click()]);
    expect(new URL(page.url()).pathname).toBe('/home');
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    expect(await storedToken(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    await context.close();
  });

  it('logs the first device out with the "another device" alert after a login elsewhere', async () => {
    const first = await newPage(browser, site, PHONE_VIEWPORT);
    await loginByApi(first.context, site, 'player1', 'Player2026');
    await first.page.goto('/home');
    await first.page.getByRole('button', { name: /player1/ }).waitFor();
    // Every call of the first page's load answered (the session clock's comes after its chunk): a
    // refusal there, after the second login, would show the alert on a page the next step reloads.
    await first.page.waitForLoadState('networkidle');

    const second = await newPage(browser, site, PHONE_VIEWPORT);
    await loginByApi(second.context, site, 'player1', 'Player2026');
    await second.page.goto('/home');
    await second.page.getByRole('button', { name: /player1/ }).waitFor();

    // The first device acts (opens its activity log; the balance poll would do it within 5 s too):
    // its next call is refused with LOGGED_IN_ELSEWHERE.
    await first.page.goto('/report/activity-log');
    const alert = first.page.getByRole('dialog', { name: 'You have been logged out' });
    await alert.waitFor();
    expect(await alert.getByTestId('session-ended-text').textContent()).toBe(
      'Your account was logged in on another device, so you have been logged out here.',
    );
    await first.page.waitForURL('**/home');
    expect(await storedToken(first.page)).toBeNull();
    await screenshot(first.page, 'session-ended-phone');
    await alert.getByRole('button', { name: 'OK' }).click();
    await first.page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    await first.context.close();
    await second.context.close();
  });

  it('starts a demo with one tap: a fresh demo account, without change password in its menu', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await page.goto('/home');
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Demo', exact: true }).click()]);
    await closeWelcomeBanner(page);
    const menu = page.getByRole('button', { name: /demo-[0-9a-f]{6}/ });
    await menu.click();
    const nav = page.getByRole('navigation', { name: 'Account menu' });
    await nav.getByRole('button', { name: 'Log out' }).waitFor();
    expect(await nav.getByRole('button', { name: 'Change password' }).count()).toBe(0);
    await context.close();
  });

  it('opens registration from /home?referance=CODE with the code filled in, clearing a stored session', async () => {
    const { context, page } = await newPage(browser, site, PHONE_VIEWPORT);
    await loginByApi(context, site, 'player1', 'Player2026');
    await page.goto('/home?referance=player1');
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Referral code (optional)').inputValue()).toBe('player1');
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });
});
