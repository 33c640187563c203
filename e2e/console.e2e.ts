import type { MarketsSnapshot } from '@app/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/api/src/lib/clock';
import { createOperatorsService } from '../apps/api/src/modules/operators';
import { upsertSetting } from '../apps/api/src/modules/settings/settings.repository';
import { dismissToasts, loginByApi } from './support/account-helpers';
import { createFundedCustomer, postApi, submitIdentity } from './support/players';
import { logInToConsole, totpCode } from './support/console-helpers';
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, type Site, startSite } from './support/site';

/**
 * The operator console's browser journeys at /admin (docs/console.md, "Tests"): log in with a TOTP
 * code; change the site's colour and see the customer site follow; declare a result and see a
 * player's bet settled; approve a withdrawal; and a credit above the four-eyes amount approved by a
 * second operator. One owner session serves the journeys after the first (a code is good once).
 */
const PASSWORD = 'Console2026ok';
const OPERATOR_PASSWORD = 'Operator-Pass-2026';
const WAIT = { timeout: 20_000 };

let site: Site;
let browser: Browser;
let owner: { context: BrowserContext; page: Page };
/** The finance operator's phone session (kept: a code opens one login only). */
let finance: Page;
const secrets = new Map<string, string>();

async function createOperator(name: string, role: 'owner' | 'finance' | 'trader' | 'support'): Promise<void> {
  const created = await createOperatorsService(site.database.db, systemClock).create({ name, password: OPERATOR_PASSWORD, role });
  secrets.set(name, created.secret);
}

/** A player with ₹1,000 and a session token, as the site stores it after login. */
async function fundedPlayer(userName: string): Promise<{ userId: number; token: string; context: BrowserContext }> {
  const userId = await createFundedCustomer(site, userName, PASSWORD, 100_000);
  const context = await browser.newContext({ baseURL: site.baseUrl, viewport: PHONE_VIEWPORT, locale: 'en-US' });
  const token = await loginByApi(context, site, userName, PASSWORD);
  return { userId, token, context };
}

/** A POST to this site's API. */
const api = <T>(path: string, token: string | null, body: unknown, headers: Record<string, string> = {}) =>
  postApi<T>(site, path, token, body, headers);

async function openSection(page: Page, name: string): Promise<void> {
  await dismissToasts(page);
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

beforeAll(async () => {
  site = await startSite({ env: { SIM_SEED: 'e2e-console', SIM_SPEED: '1' } });
  await upsertSetting(site.database.db, 'payment_gateway', '1', Date.now());
  browser = await launchBrowser();
  await createOperator('owner_ops', 'owner');
  await createOperator('finance_ops', 'finance');
}, 60_000);
afterAll(async () => {
  await finance?.context().close();
  await browser?.close();
  await site?.close();
});

describe('the operator console', () => {
  it(
    'logs in with password and TOTP code, refuses a wrong code, and shows only what the role may open',
    { timeout: 40_000 },
    async () => {
      // A player's page downloads none of the console: no script, style or text of it.
      const player = await browser.newContext({ baseURL: site.baseUrl, viewport: PHONE_VIEWPORT, locale: 'en-US' });
      const playerPage = await player.newPage();
      const requested: string[] = [];
      playerPage.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await playerPage.goto('/home');
      // The site has rendered (its own chunks loaded); the console's would have been asked for by now.
      await playerPage.getByRole('contentinfo').or(playerPage.getByRole('main')).first().waitFor(WAIT);
      await playerPage.waitForLoadState('load');
      expect(requested.filter((path) => /console|\/i18n\/admin\/|-page-/.test(path))).toEqual([]);
      await player.close();

      // The finance operator on a phone: a wrong code is refused, the right one opens the console.
      const context = await browser.newContext({ baseURL: site.baseUrl, viewport: PHONE_VIEWPORT, locale: 'en-US' });
      const page = await context.newPage();
      await page.goto('/admin');
      await page.waitForURL(/\/admin\/login$/);
      await page.getByLabel('User name').fill('finance_ops');
      await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
      const code = page.getByLabel('Authenticator code');
      expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
      const right = totpCode(secrets.get('finance_ops') ?? '');
      await code.fill(right === '000000' ? '111111' : String((Number(right) + 1) % 1_000_000).padStart(6, '0'));
      await page.getByRole('button', { name: 'Log in' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /not right/ })
        .waitFor(WAIT);
      await code.fill(totpCode(secrets.get('finance_ops') ?? ''));
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(WAIT);
      expect(await page.getByTestId('console-operator').textContent()).toContain('Finance');
      // The phone's menu: finance sees payments and approvals, never sports or settings changes.
      await page.getByRole('button', { name: 'Menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Console sections' });
      await nav.getByRole('link', { name: 'Payments' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Approvals' }).count()).toBe(1);
      expect(await nav.getByRole('link', { name: 'Sports' }).count()).toBe(0);
      // The operator's token opens no player call, and lives apart from the player's.
      const stored = await page.evaluate(() => ({
        console: sessionStorage.getItem('consoleToken'),
        player: localStorage.getItem('token'),
      }));
      expect(stored.player).toBeNull();
      expect((await api('user/getUserBalance', stored.console, {})).status).toBe(401);
      // The menu closes on a section's choice; the session stays for the four-eyes journey.
      await nav.getByRole('link', { name: 'Dashboard' }).click();
      finance = page;

      // The owner, on a desktop, for the journeys below.
      const ownerContext = await browser.newContext({ baseURL: site.baseUrl, viewport: DESKTOP_VIEWPORT, locale: 'en-US' });
      owner = { context: ownerContext, page: await ownerContext.newPage() };
      await logInToConsole(owner.page, 'owner_ops', OPERATOR_PASSWORD, secrets.get('owner_ops') ?? '');
      await owner.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(WAIT);
      await owner.page.getByText('Players online').waitFor(WAIT);
    },
  );

  it('changes the site colour, previewed live, and the customer site follows', { timeout: 30_000 }, async () => {
    const { page } = owner;
    await openSection(page, 'Settings and branding');
    const field = page.getByLabel('Primary background colour', { exact: true });
    await field.fill('#12345');
    await page.getByText('Not valid: must be a colour like #1a2b3c').waitFor();
    await field.fill('#123456');
    const preview = page.getByTestId('colour-preview').locator('.console-preview__header').first();
    await expect.poll(() => preview.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(18, 52, 86)');
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await page.getByTestId('toast').filter({ hasText: '1 setting saved.' }).waitFor(WAIT);

    const customer = await browser.newContext({ baseURL: site.baseUrl, viewport: PHONE_VIEWPORT, locale: 'en-US' });
    const customerPage = await customer.newPage();
    await customerPage.goto('/home');
    const colour = () =>
      customerPage.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg-primary').trim());
    await expect.poll(colour, WAIT).toBe('#123456');
    await customer.close();
  });

  it('declares a result and the player’s bet is settled', { timeout: 40_000 }, async () => {
    const player = await fundedPlayer('console_bettor');
    await player.context.close();
    // A match-odds bet of ₹100 on a match an hour or more away (no in-play delay).
    const matches = await site.database.db
      .selectFrom('matches')
      .select(['match_id', 'name'])
      .where('start_time', '>', Date.now() + 3_600_000)
      .orderBy('start_time')
      .execute();
    let placed: { matchId: number; matchName: string; runner: string } | null = null;
    for (const match of matches) {
      const snapshot = (await api<{ data: MarketsSnapshot }>('market/getMarkets', null, { match_id: Number(match.match_id) }))
        .body.data;
      const market = snapshot.markets.find((item) => item.market_type === 'MATCH_ODDS' && item.status === 'OPEN');
      const runner = market?.runners.find((item) => item.back.length > 0);
      if (!market || !runner?.back[0]) continue;
      const bet = await api(
        'bet/placeMarketBet',
        player.token,
        {
          match_id: Number(match.match_id),
          market_id: market.market_id,
          selection_id: runner.selection_id,
          odds: runner.back[0].odds,
          stack: 100,
          is_back: 1,
        },
        { 'idempotency-key': crypto.randomUUID() },
      );
      if (bet.status === 200) {
        placed = { matchId: Number(match.match_id), matchName: match.name, runner: runner.name };
        break;
      }
    }
    if (!placed) throw new Error('no bet could be placed');

    const { page } = owner;
    await openSection(page, 'Sports');
    await page.getByLabel('Fixture or series').fill(placed.matchName);
    await page.getByRole('button', { name: 'Search' }).click();
    // The simulator names fixtures of different series alike: open the row of this match's id.
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(placed.matchId), exact: true }) });
    await row.getByRole('button', { name: `Open ${placed.matchName}` }).click();
    const market = page.getByRole('region', { name: 'Match Odds' });
    await market.getByRole('button', { name: 'Declare result' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: placed.runner }).check();
    await dialog.getByRole('button', { name: 'Declare result' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Settled: 1 bet.' }).waitFor(WAIT);

    // The player's bets in the console: won.
    await openSection(page, 'Players');
    await page.getByLabel('User name, mobile or email').fill('console_bettor');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'console_bettor' }).click();
    await page.getByRole('tab', { name: 'Bets' }).click();
    const bets = page.getByTestId('player-bets');
    await expect.poll(() => bets.locator('tbody tr').first().textContent(), WAIT).toMatch(/won/i);
  });

  it('approves a withdrawal from the queue', { timeout: 30_000 }, async () => {
    const player = await fundedPlayer('console_payee');
    await player.context.close();
    await submitIdentity(site, player.token, 'Payal Console');

    const { page } = owner;
    // Identity first: the owner approves it in the identity checks.
    await openSection(page, 'Payments');
    await page.getByRole('tab', { name: 'Identity checks' }).click();
    const identity = page.getByRole('row', { name: /console_payee/ });
    await identity.getByRole('button', { name: 'Approve the identity of console_payee' }).click();
    // Confirmed with the player and what it changes (docs/operators.md, "Money acts").
    const check = page.getByRole('dialog');
    await check.getByText('console_payee is verified and may withdraw.').waitFor(WAIT);
    await check.getByRole('button', { name: 'Approve' }).click();
    await page.getByTestId('toast').filter({ hasText: "console_payee's identity is verified." }).waitFor(WAIT);

    const destination = await api<{ data: { destination_id?: number; id?: number } }>('payment/addDestination', player.token, {
      kind: 'upi',
      upi_id: 'payee@okaxis',
    });
    expect(destination.status).toBe(200);
    const destinationId = destination.body.data.destination_id ?? destination.body.data.id;
    const withdraw = await api<{ data: { withdraw_id: number } }>(
      'payment/requestWithdraw',
      player.token,
      { amount: 400, destination_id: destinationId },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(withdraw.status, JSON.stringify(withdraw.body)).toBe(200);
    const withdrawId = withdraw.body.data.withdraw_id;

    await page.getByRole('tab', { name: 'Withdrawal queue' }).click();
    await page.getByRole('button', { name: `Approve withdrawal ${withdrawId}` }).click();
    // Nothing moves on the first press: the dialog names the player, the amount and the payout.
    const confirm = page.getByRole('dialog');
    await confirm.getByText("₹400.00 is paid out to console_payee's destination", { exact: false }).waitFor(WAIT);
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: `Withdrawal ${withdrawId} approved` })
      .waitFor(WAIT);
    const row = await site.database.db
      .selectFrom('payment_withdrawals')
      .select('status')
      .where('id', '=', withdrawId)
      .executeTakeFirstOrThrow();
    expect(row.status).not.toBe('pending');
  });

  it('holds a credit above the four-eyes amount until another operator approves it', { timeout: 30_000 }, async () => {
    const { page } = owner;
    await openSection(page, 'Players');
    await page.getByLabel('User name, mobile or email').fill('console_payee');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'console_payee' }).click();
    await page.getByRole('button', { name: 'Credit', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount (₹)').fill('60000');
    await dialog.getByLabel('Reason').fill('goodwill, e2e');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText("console_payee's cash goes from ₹600.00 to ₹60,600.00 (₹60,000.00 credited).").waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Credit' }).click();
    const awaiting = page
      .getByTestId('toast')
      .filter({ hasText: /Awaiting approval: another operator must approve request \d+/ });
    await awaiting.waitFor(WAIT);
    const requestId = /request (\d+)/.exec((await awaiting.textContent()) ?? '')?.[1];
    expect(await page.getByTestId('player-balance').textContent()).toContain('₹600.00');
    // The one who asked cannot approve it.
    await openSection(page, 'Approvals');
    const own = page.getByRole('row', { name: new RegExp(`^${requestId} `) });
    await own.getByText('Your request').waitFor(WAIT);

    // The finance operator approves it on the phone; then the money moves.
    await finance.getByRole('button', { name: 'Menu' }).click();
    await finance.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Approvals' }).click();
    await finance.getByRole('button', { name: `Approve request ${requestId}` }).click();
    // The four-eyes sheet names who asked and the player.
    const sheet = finance.getByRole('dialog');
    await sheet.getByText('Approving carries out what owner_ops asked: console_payee', { exact: false }).waitFor(WAIT);
    await sheet.getByRole('button', { name: 'Approve' }).click();
    await finance
      .getByTestId('toast')
      .filter({ hasText: `Request ${requestId} approved and carried out.` })
      .waitFor(WAIT);
    await openSection(page, 'Players');
    await page.getByLabel('User name, mobile or email').fill('console_payee');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'console_payee' }).click();
    await expect.poll(() => page.getByTestId('player-balance').textContent(), WAIT).toContain('₹60,600.00');
  });
});
