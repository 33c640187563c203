import type { Market, MarketsSnapshot } from '@app/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/api/src/lib/clock';
import { createOperatorsService } from '../apps/api/src/modules/operators';
import { upsertSetting } from '../apps/api/src/modules/settings/settings.repository';
import { dismissToasts, loginByApi } from './support/account-helpers';
import { createFundedCustomer, postApi, submitIdentity } from './support/players';
import { logInToConsole } from './support/console-helpers';
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT, type Site, startSite } from './support/site';

/**
 * The console as an operator's tool, on a desktop (1366 px) and a phone (390 px) (docs/console.md,
 * "Acting on it"): the fixture list leads with the match in play that holds open bets, its status
 * in words and its exposure on one line; a void says how many bets and how much money it moves
 * before it runs and says "voided" after; a credit shows the cash before and after and moves only
 * on Confirm; the audit log says it in a sentence in ₹.
 */
const PASSWORD = 'Console2026ok';
const OPERATOR_PASSWORD = 'Operator-Pass-2026';
const WAIT = { timeout: 20_000 };

let site: Site;
let browser: Browser;
let desktop: { context: BrowserContext; page: Page };
let phone: { context: BrowserContext; page: Page };
let live: { matchId: number; matchName: string; market: Market };

/** A POST to this site's API. */
const api = <T>(path: string, token: string | null, body: unknown, headers: Record<string, string> = {}) =>
  postApi<T>(site, path, token, body, headers);

async function fundedPlayer(userName: string, paise = 100_000): Promise<{ userId: number; token: string }> {
  const userId = await createFundedCustomer(site, userName, PASSWORD, paise);
  const context = await browser.newContext({ baseURL: site.baseUrl, viewport: PHONE_VIEWPORT, locale: 'en-US' });
  const token = await loginByApi(context, site, userName, PASSWORD);
  await context.close();
  return { userId, token };
}

/**
 * A ₹100 back bet on a market of a match in play (its in-play delay and a moved price may refuse
 * a try: the next try takes the price on offer then).
 */
async function betInPlay(token: string): Promise<typeof live> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const matches = await site.database.db
      .selectFrom('matches')
      .select(['match_id', 'name'])
      .where('start_time', '<=', Date.now())
      .where('finished_at', 'is', null)
      .execute();
    for (const match of matches) {
      const snapshot = (await api<{ data: MarketsSnapshot }>('market/getMarkets', null, { match_id: Number(match.match_id) }))
        .body.data;
      const market = snapshot.markets
        .filter((item) => item.in_play && item.status === 'OPEN' && item.market_type === 'MATCH_ODDS')
        .find((item) => item.runners.some((runner) => runner.back.length > 0));
      const runner = market?.runners.find((item) => item.back.length > 0);
      if (!market || !runner?.back[0]) continue;
      const bet = await api(
        'bet/placeMarketBet',
        token,
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
      if (bet.status === 200) return { matchId: Number(match.match_id), matchName: match.name, market };
    }
  }
  throw new Error('no bet in play could be placed');
}

async function openSection(page: Page, name: string, isPhone = false): Promise<void> {
  await dismissToasts(page);
  if (isPhone) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor(WAIT);
}

/** How many lines a cell's text takes on screen: 1 when no word or number was broken. */
function linesOf(cell: Locator): Promise<number> {
  return cell.evaluate((element) => {
    // The line boxes of the text itself (not of the elements around it).
    const tops = new Set<number>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });
}

beforeAll(async () => {
  site = await startSite({ env: { SIM_SEED: 'e2e-console-operator', SIM_SPEED: '1' } });
  await upsertSetting(site.database.db, 'payment_gateway', '1', Date.now());
  browser = await launchBrowser();
  const operators = createOperatorsService(site.database.db, systemClock);
  const trader = await operators.create({ name: 'desk_trader', password: OPERATOR_PASSWORD, role: 'owner' });
  const mobile = await operators.create({ name: 'phone_finance', password: OPERATOR_PASSWORD, role: 'owner' });
  const bettor = await fundedPlayer('live_bettor');
  live = await betInPlay(bettor.token);
  await fundedPlayer('walk_in');

  const desktopContext = await browser.newContext({ baseURL: site.baseUrl, viewport: DESKTOP_VIEWPORT, locale: 'en-US' });
  desktop = { context: desktopContext, page: await desktopContext.newPage() };
  await logInToConsole(desktop.page, 'desk_trader', OPERATOR_PASSWORD, trader.secret);
  const phoneContext = await browser.newContext({ baseURL: site.baseUrl, viewport: PHONE_VIEWPORT, locale: 'en-US' });
  phone = { context: phoneContext, page: await phoneContext.newPage() };
  await logInToConsole(phone.page, 'phone_finance', OPERATOR_PASSWORD, mobile.secret);
}, 120_000);
afterAll(async () => {
  await desktop?.context.close();
  await phone?.context.close();
  await browser?.close();
  await site?.close();
});

describe('the console as an operator’s tool', () => {
  it(
    'leads the fixture list with the match in play holding bets, in words, on desktop and phone',
    { timeout: 60_000 },
    async () => {
      for (const [page, isPhone] of [
        [desktop.page, false],
        [phone.page, true],
      ] as const) {
        await openSection(page, 'Sports', isPhone);
        const table = page.getByTestId('fixtures-table');
        const first = table.locator('tbody tr').first();
        await expect.poll(() => first.textContent(), WAIT).toContain(live.matchName);
        expect(await first.locator('td').first().textContent()).toContain(String(live.matchId));
        // The status in words, never the wire's `in_play`.
        expect(await first.textContent()).toContain('In play');
        expect(await table.textContent()).not.toContain('in_play');
        // Its open exposure: what the book loses if the backed runner wins, on one line.
        const exposure = first.locator('td.ui-table__number');
        expect(await exposure.textContent()).toMatch(/^₹[1-9][\d,]*\.\d\d$/);
        expect(await linesOf(exposure)).toBe(1);
        expect(await linesOf(first.locator('.console-badge').first())).toBe(1);
      }
    },
  );

  it(
    'counts the bets and money a void moves before it runs, and says "voided" after (desktop)',
    { timeout: 60_000 },
    async () => {
      const { page } = desktop;
      const row = page.getByTestId('fixtures-table').locator('tbody tr').first();
      await row.getByRole('button', { name: `Open ${live.matchName}` }).click();
      const market = page.getByRole('region', { name: live.market.market_name });
      await market.getByRole('button', { name: 'Void' }).click();
      const dialog = page.getByRole('dialog');
      const facts = dialog.getByTestId('money-facts');
      await facts.getByText('1 open bet is voided: the ₹100.00 held for it goes back to the player.').waitFor(WAIT);
      expect(await facts.textContent()).toContain('Players with bets');
      await dialog.getByLabel('Reason').fill('abandoned, e2e');
      await dialog.getByRole('button', { name: 'Void' }).click();
      const done = page.getByTestId('toast').filter({ hasText: 'Voided: 1 bet; its money is back with the player.' });
      await done.waitFor(WAIT);
      expect(await page.getByTestId('toast').filter({ hasText: 'Settled' }).count()).toBe(0);
      const bet = await site.database.db
        .selectFrom('bets')
        .select('status')
        .where('market_id', '=', live.market.market_id)
        .executeTakeFirstOrThrow();
      expect(bet.status).toBe('void');
    },
  );

  it('confirms a credit with the cash before and after, and moves it only on Confirm (phone)', { timeout: 60_000 }, async () => {
    const { page } = phone;
    await openSection(page, 'Players', true);
    await page.getByLabel('User name, mobile or email').fill('walk_in');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'walk_in' }).click();
    // Every section of the player is in sight on the phone: the tabs wrap, none runs off the screen.
    const tabs = page.getByRole('tablist', { name: 'Player sections' }).getByRole('tab');
    await tabs.first().waitFor(WAIT);
    expect(await tabs.count()).toBe(7);
    for (const box of await tabs.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    }
    await page.getByRole('button', { name: 'Credit', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount (₹)').fill('250');
    await dialog.getByLabel('Reason').fill('goodwill, e2e');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText("walk_in's cash goes from ₹1,000.00 to ₹1,250.00 (₹250.00 credited).").waitFor(WAIT);
    // Not yet: the confirmation moved nothing.
    expect(await page.getByTestId('player-balance').textContent()).toContain('₹1,000.00');
    await dialog.getByRole('button', { name: 'Credit' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Credited ₹250.00. Cash is now ₹1,250.00.' }).waitFor(WAIT);
    await expect.poll(() => page.getByTestId('player-balance').textContent(), WAIT).toContain('₹1,250.00');
  });

  it('keeps every word and amount of the withdrawal queue whole at 1366 px', { timeout: 40_000 }, async () => {
    const { page } = desktop;
    // A player asks for ₹60,000 to a long UPI handle, through the site's own calls.
    const payee = await fundedPlayer('queue_payee', 6_100_000);
    await submitIdentity(site, payee.token, 'Queue Payee');
    const operatorToken = await page.evaluate(() => sessionStorage.getItem('consoleToken'));
    const review = await api('admin/kycReview', operatorToken, { user_name: 'queue_payee', decision: 'approved' });
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    const destination = await api<{ data: { destination_id: number } }>('payment/addDestination', payee.token, {
      kind: 'upi',
      upi_id: 'queue.payee.with.a.long.handle@okaxis',
    });
    expect(destination.status, JSON.stringify(destination.body)).toBe(200);
    const withdraw = await api(
      'payment/requestWithdraw',
      payee.token,
      { amount: 60_000, destination_id: destination.body.data.destination_id },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(withdraw.status, JSON.stringify(withdraw.body)).toBe(200);

    await openSection(page, 'Payments');
    const table = page.getByTestId('withdrawals-table');
    const row = table.locator('tbody tr').filter({ hasText: 'queue_payee' });
    await row.waitFor(WAIT);
    // Every cell of text and numbers (the buttons' cell may put its two buttons on two lines).
    const cells = row.locator('td:not(:has(button))');
    expect(await cells.count()).toBeGreaterThan(5);
    for (const cell of await cells.all()) {
      if ((await cell.textContent())?.trim()) expect(await linesOf(cell), (await cell.textContent()) ?? '').toBe(1);
    }
    expect(await row.textContent()).toContain('₹60,000.00');
  });

  it('keeps Save in reach at the foot of the Settings page, however long it is (desktop)', { timeout: 40_000 }, async () => {
    const { page } = desktop;
    await openSection(page, 'Settings and branding');
    const bar = page.getByTestId('settings-save-bar');
    await bar.waitFor(WAIT);
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(pageHeight).toBeGreaterThan(DESKTOP_VIEWPORT.height * 1.5);
    for (const y of [0, Math.round(pageHeight / 2)]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const box = await bar.boundingBox();
      expect(box, `at ${y}`).not.toBeNull();
      expect(box!.y + box!.height, `at ${y}`).toBeLessThanOrEqual(DESKTOP_VIEWPORT.height + 1);
      expect(box!.y, `at ${y}`).toBeGreaterThanOrEqual(0);
    }
  });

  it('reads the credit in the audit log as a sentence in ₹, found by the player (desktop)', { timeout: 40_000 }, async () => {
    const { page } = desktop;
    await openSection(page, 'Audit log');
    await page.getByLabel('Player').fill('walk_in');
    await page.getByRole('button', { name: 'Apply' }).click();
    const table = page.getByTestId('audit-table');
    await expect
      .poll(() => table.locator('tbody tr').first().textContent(), WAIT)
      .toContain('phone_finance credited ₹250.00 to walk_in: cash ₹1,000.00 → ₹1,250.00. Reason: goodwill, e2e');
    expect(await table.locator('tbody tr').count()).toBe(1);
  });
});
