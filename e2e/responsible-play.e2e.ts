import type { MarketsSnapshot } from '@app/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyTransaction } from '../apps/api/src/db/unit-of-work';
import { systemClock } from '../apps/api/src/lib/clock';
import { createMoneyModule } from '../apps/api/src/modules/money';
import { upsertSetting } from '../apps/api/src/modules/settings/settings.repository';
import { CUSTOMER_USER_TYPE, createUser } from '../apps/api/src/modules/users/users.service';
import { multipartBody, PNG_BYTES } from '../apps/api/test/payments-support';
import { runAdminProcess } from '../apps/api/test/test-app';
import { creditFromHouse } from '../apps/api/test/wallet-support';
import { closeWelcomeBanner, dismissToasts, loginByApi, storedToken } from './support/account-helpers';
import { launchBrowser, PHONE_VIEWPORT, type Site, startSite } from './support/site';

/**
 * Responsible play on the phone profile (docs/responsible-play.md): a loss limit set on
 * /responsible-gambling refuses the bet and the casino round that would pass it, naming the limit;
 * a time-out taken on the page ends the session, and the restricted session after a new login has
 * every bet, game and deposit refused while a withdrawal still goes through; the reality check
 * comes on the server's clock, survives a reload, and its Log out ends the session.
 */
const PASSWORD = 'Limits2026';
const WAIT = { timeout: 30_000 };
/** Set RG_SCREENSHOTS=/some/dir to keep phone screenshots of the responsible-play screens. */
const SCREENSHOT_DIR = process.env.RG_SCREENSHOTS;
async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ env: { SIM_SEED: 'e2e-responsible-play', SIM_SPEED: '1' } });
  // Deposits and withdrawals: the operator's gateway switch (docs/payments.md).
  await upsertSetting(site.database.db, 'payment_gateway', '1', Date.now());
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** A sign-up player with ₹1,000 of cash. */
async function newPlayer(userName: string): Promise<number> {
  const userId = await createUser(site.database.db, systemClock, {
    userName,
    password: PASSWORD,
    userTypeId: CUSTOMER_USER_TYPE,
    isSignupUser: true,
  });
  const { money } = createMoneyModule({ db: site.database.db, clock: systemClock });
  await moneyTransaction(site.database.db, { userIds: [userId], now: Date.now() }, (trx) =>
    creditFromHouse(money, trx, userId, 100_000, 'e2e'),
  );
  return userId;
}

/** A phone: small screen, touch. */
async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: site.baseUrl,
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'Asia/Kolkata',
  });
  return { context, page: await context.newPage() };
}

async function api(path: string, body: unknown, token?: string) {
  const response = await fetch(`${site.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code?: string; data?: unknown } };
}

/** A match with open match odds, far matches first (no in-play delay). */
async function openMatchOdds(): Promise<number> {
  const matches = await site.database.db.selectFrom('matches').select('match_id').orderBy('start_time', 'desc').execute();
  for (const { match_id } of matches) {
    const { body } = await api('market/getMarkets', { match_id: Number(match_id) });
    const data = body.data as MarketsSnapshot;
    if (data.markets.some((market) => market.market_type === 'MATCH_ODDS' && market.status === 'OPEN')) return Number(match_id);
  }
  throw new Error('no match with open match odds');
}

/**
 * Backs the first runner with `stake` from the slip and answers the slip's word: the toast of a
 * placed bet or the refusal inside the slip. A price that moved meanwhile is taken from the slip's
 * offer, as a player does (on a phone the open slip covers the runner's prices).
 */
async function backFirstRunner(page: Page, stake: string): Promise<string> {
  const runner = page.getByTestId('market-MATCH_ODDS').first().getByTestId('runner').first();
  const slip = page.getByTestId('bet-slip');
  await expect.poll(() => runner.getByTestId('best-back').isVisible(), WAIT).toBe(true);
  await dismissToasts(page);
  await runner.getByTestId('best-back').click();
  await expect.poll(() => slip.isVisible(), WAIT).toBe(true);
  await page.getByTestId('bet-slip-stake').fill(stake);
  const place = page.getByTestId('bet-slip-place');
  const takeOffer = slip.getByTestId('bet-slip-take-offer');
  for (let attempt = 0; ; attempt += 1) {
    await ((await takeOffer.count()) > 0 ? takeOffer : place).click();
    const answer = page.getByTestId('toast').or(slip.getByTestId('bet-slip-refusal')).first();
    await expect.poll(() => answer.isVisible(), WAIT).toBe(true);
    const text = (await answer.textContent()) ?? '';
    if (!/odds changed|price/i.test(text) || attempt === 9) return text;
  }
}

async function openDice(page: Page): Promise<void> {
  await page.goto('/home/group/brino-game-list/super-game');
  await page.getByRole('button', { name: 'Play Dice' }).first().click();
}

async function openMenuLink(page: Page, userName: string, link: string): Promise<void> {
  await dismissToasts(page);
  await page.getByRole('button', { name: new RegExp(`Account menu of ${userName}`) }).click();
  await page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: link, exact: true }).click();
}

describe('responsible play on a phone', () => {
  it('sets a loss limit on the page; the bet and the casino round that would pass it are refused, naming it', async () => {
    const userId = await newPlayer('rg_loss_e2e');
    const { context, page } = await phone();
    await loginByApi(context, site, 'rg_loss_e2e', PASSWORD);

    // Found from the user menu: the controls, in place of the guests' login prompt.
    await page.goto('/home');
    await openMenuLink(page, 'rg_loss_e2e', 'Limits and breaks');
    await page.waitForURL('**/responsible-gambling');
    const lossDay = page.getByTestId('rg-limit-loss-day');
    await lossDay.getByRole('button', { name: 'Set a daily loss limit' }).click();
    await lossDay.getByLabel('New daily loss limit (₹)').fill('150');
    expect(await lossDay.textContent()).toContain('This applies at once.');
    await lossDay.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => lossDay.getByTestId('rg-limit-amount').textContent()).toBe('₹150.00');
    expect(await lossDay.getByTestId('rg-limit-usage').textContent()).toBe('Used ₹0.00 · ₹150.00 left');
    await screenshot(page, 'limits');

    // An open ₹100 bet counts as ₹100 of potential loss: a second would pass ₹150.
    await page.goto(`/sports-detail/${await openMatchOdds()}`);
    expect(await backFirstRunner(page, '100')).toContain('Bet placed');
    const refusal = await backFirstRunner(page, '100');
    expect(refusal).toContain('This would pass your daily loss limit of ₹150.00: ₹50.00 is left.');
    await screenshot(page, 'bet-refused');

    await openDice(page);
    await page.getByTestId('game-balance').waitFor();
    await page.getByLabel('Stake in rupees').fill('100');
    await page.getByRole('button', { name: /^Bet ₹/ }).click();
    const gameRefusal = page.getByTestId('game-refusal');
    await gameRefusal.waitFor();
    expect(await gameRefusal.textContent()).toBe('This would pass your daily loss limit of ₹150.00: ₹50.00 is left.');
    await screenshot(page, 'round-refused');

    // The page counts the open bet against the limit.
    await page.goto('/responsible-gambling');
    await expect.poll(() => lossDay.getByTestId('rg-limit-usage').textContent()).toBe('Used ₹100.00 · ₹50.00 left');

    // A raise waits: the old limit holds, the page says from when it may be confirmed...
    await lossDay.getByRole('button', { name: 'Change your daily loss limit' }).click();
    await lossDay.getByLabel('New daily loss limit (₹)').fill('1000');
    expect(await lossDay.textContent()).toContain('A higher limit applies only after 24 hours');
    await lossDay.getByRole('button', { name: 'Save' }).click();
    const pending = lossDay.getByTestId('rg-limit-pending');
    await expect.poll(() => pending.textContent()).toMatch(/^Raise to ₹1,000\.00 waiting: you can confirm it from .+\./);
    expect(await lossDay.getByTestId('rg-limit-amount').textContent()).toBe('₹150.00');
    expect(await pending.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    // ...and once its 24 hours have passed (moved back here: the server's clock is real), Confirm applies it.
    await site.database.db
      .updateTable('rg_limits')
      .set({ pending_from: Date.now() - 1_000 })
      .where('user_id', '=', userId)
      .where('kind', '=', 'loss')
      .execute();
    await page.reload();
    await pending.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => lossDay.getByTestId('rg-limit-amount').textContent()).toBe('₹1,000.00');
    expect(await pending.count()).toBe(0);
    await context.close();
  }, 180_000);

  it('takes a time-out; after a new login every bet, game and deposit is refused while a withdrawal still goes through', async () => {
    await newPlayer('rg_pause_e2e');
    const { context, page } = await phone();
    const token = await loginByApi(context, site, 'rg_pause_e2e', PASSWORD);
    // Identity checked and a payout destination saved beforehand (payments.e2e.ts walks those screens).
    const kyc = multipartBody(
      { legal_name: 'Rhea Pause', date_of_birth: '1990-04-01' },
      { name: 'document', filename: 'id.png', type: 'image/png', bytes: PNG_BYTES },
    );
    const submitted = await fetch(`${site.baseUrl}/api/kyc/submit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': kyc.contentType },
      body: kyc.payload,
    });
    expect(submitted.status, await submitted.text()).toBe(200);
    const approved = await runAdminProcess(site.databaseEnv, 'kyc', 'approve', '--name', 'rg_pause_e2e');
    expect(approved.code, approved.stderr).toBe(0);
    expect((await api('payment/addDestination', { kind: 'upi', upi_id: 'rgpause@okaxis' }, token)).status).toBe(200);

    // The first deposit page asks for a deposit limit and leads to it; then it shows the limit.
    await page.goto('/deposit');
    await page.getByTestId('rg-deposit-prompt').getByRole('link', { name: 'Set a deposit limit' }).click();
    await page.waitForURL('**/responsible-gambling#rg-deposit');
    const depositDay = page.getByTestId('rg-limit-deposit-day');
    // The page opens at the deposit limits, below the header, not at the top of its text.
    const headerBottom = await page.locator('.shell-header').evaluate((el) => el.getBoundingClientRect().bottom);
    await expect
      .poll(() => page.locator('#rg-deposit').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThan(300);
    expect(await page.locator('#rg-deposit').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(
      headerBottom,
    );
    await screenshot(page, 'deposit-limit-anchor');
    await depositDay.getByRole('button', { name: 'Set a daily deposit limit' }).click();
    await depositDay.getByLabel('New daily deposit limit (₹)').fill('2000');
    await depositDay.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => depositDay.getByTestId('rg-limit-amount').textContent()).toBe('₹2,000.00');
    await page.goto('/deposit');
    const depositLimits = page.getByTestId('rg-deposit-limits');
    await expect.poll(() => depositLimits.textContent()).toContain('Daily ₹2,000.00₹2,000.00 left');
    expect(await page.getByTestId('rg-deposit-prompt').count()).toBe(0);

    await page.goto('/responsible-gambling');
    const timeOut = page.getByTestId('rg-time_out');
    await timeOut.getByRole('radio', { name: '24 hours' }).check();
    await timeOut.getByRole('button', { name: 'Take a time-out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Start a time-out?' });
    expect(await confirm.textContent()).toContain('It cannot be undone or shortened, by you or by us.');
    const start = confirm.getByRole('button', { name: 'Start my time-out' });
    expect(await start.isDisabled()).toBe(true);
    await confirm.getByLabel('I understand that this cannot be undone or shortened.').check();
    await screenshot(page, 'time-out-confirm');
    await start.click();
    const started = page.getByRole('dialog', { name: 'Your time-out has started' });
    await started.waitFor();
    expect(await started.textContent()).toContain('You have been logged out on every device.');
    // Every session ended on the server, this one too.
    expect((await api('user/getUserBalance', {}, token)).status).toBe(401);
    await Promise.all([page.waitForURL('**/home'), started.getByRole('button', { name: 'OK' }).click()]);
    expect(await storedToken(page)).toBeNull();
    expect(await page.getByTestId('session-ended-text').count()).toBe(0);

    // A new login: a restricted session, and a banner saying what it allows and until when.
    await page.getByRole('button', { name: 'Log in' }).first().click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel('Username or email').fill('rg_pause_e2e');
    await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await Promise.all([page.waitForEvent('load'), login.getByRole('button', { name: 'Log in' }).click()]);
    await closeWelcomeBanner(page);
    const banner = page.getByTestId('restricted-banner');
    await expect.poll(() => banner.textContent(), WAIT).toMatch(/^Your time-out runs until .+\./);
    expect(await banner.textContent()).toContain('You can see your balance and statements and withdraw your cash.');
    await screenshot(page, 'restricted-home');

    await page.goto(`/sports-detail/${await openMatchOdds()}`);
    expect(await backFirstRunner(page, '100')).toContain('Your time-out is running');
    await screenshot(page, 'restricted-bet');

    await dismissToasts(page);
    await openDice(page);
    const gameToast = page.getByTestId('toast').filter({ hasText: 'Your time-out is running' });
    await gameToast.waitFor();
    expect(page.url()).not.toContain('/casino/play/');

    await openMenuLink(page, 'rg_pause_e2e', 'Deposit');
    await page.getByRole('heading', { name: 'Deposit', level: 1 }).waitFor();
    await page.getByLabel('Amount (₹)').fill('500');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Your time-out is running' }).waitFor();
    expect(page.url()).toContain('/deposit');

    await openMenuLink(page, 'rg_pause_e2e', 'Withdraw');
    await page.getByRole('radio', { name: 'UPI rgpause@okaxis' }).check();
    await page.getByLabel('Amount (₹)').fill('400');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect.poll(() => page.getByTestId('open-withdrawal').count(), WAIT).toBe(1);
    expect(await page.getByTestId('open-withdrawal').textContent()).toContain('Pending');
    await expect.poll(() => page.getByTestId('balance-free-chip').textContent(), WAIT).toBe('₹600.00');
    await screenshot(page, 'restricted-withdraw');
    await context.close();
  }, 180_000);

  it('shows the reality check on the server’s clock, through a reload; Continue defers it and Log out ends the session', async () => {
    const userId = await newPlayer('rg_reality_e2e');
    const { context, page } = await phone();
    const token = await loginByApi(context, site, 'rg_reality_e2e', PASSWORD);
    await page.goto('/responsible-gambling');
    const controls = page.getByTestId('rg-session-controls');
    await controls.getByRole('radio', { name: 'Every 15 minutes' }).check();
    await controls.getByRole('button', { name: 'Save session controls' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Session controls saved' }).waitFor();
    expect(await page.getByTestId('reality-check').count()).toBe(0);

    // Sixteen minutes of play, on the server's clock: the check is due, and a reload shows it.
    const playedSince = async (minutes: number) =>
      site.database.db
        .updateTable('sessions')
        .set({ reality_checked_at: Date.now() - minutes * 60_000 })
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .execute();
    await playedSince(16);
    await page.reload();
    const check = page.getByRole('dialog', { name: 'Reality check' });
    await check.waitFor(WAIT);
    expect(await check.getByTestId('reality-net').textContent()).toBe('₹0.00');
    // Staked and won since login too, with the ways to the history and the limits.
    expect(await check.getByTestId('reality-staked').textContent()).toBe('₹0.00');
    expect(await check.getByTestId('reality-won').textContent()).toBe('₹0.00');
    expect(await check.getByRole('link', { name: 'Bet history' }).getAttribute('href')).toBe('/report/bet-history');
    expect(await check.getByTestId('reality-elapsed').textContent()).toMatch(/^0:\d\d:\d\d$/);
    await screenshot(page, 'reality-check');

    // Continue: the server puts the next check one interval from now, and a reload keeps it there.
    await check.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => check.count()).toBe(0);
    const clock = (await api('rg/session', {}, token)).body.data as { server_time: string; next_reality_check_at: string };
    expect(Date.parse(clock.next_reality_check_at) - Date.parse(clock.server_time)).toBeGreaterThan(14 * 60_000);
    await page.reload();
    await page.getByTestId('session-clock').waitFor({ state: 'attached' });
    expect(await check.count()).toBe(0);

    // Following a link continues: the limits page opens and the check closes.
    await playedSince(15);
    await page.goto('/home');
    await check.waitFor(WAIT);
    await check.getByRole('link', { name: 'Limits and breaks' }).click();
    await page.waitForURL(/\/responsible-gambling/);
    await expect.poll(() => check.count()).toBe(0);

    await playedSince(15);
    await page.goto('/home');
    await check.waitFor(WAIT);
    await Promise.all([page.waitForEvent('load'), check.getByRole('button', { name: 'Log out' }).click()]);
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await storedToken(page)).toBeNull();
    expect((await api('user/getUserBalance', {}, token)).status).toBe(401);
    await context.close();
  }, 120_000);
});
