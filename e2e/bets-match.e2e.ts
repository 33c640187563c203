import type { MarketsSnapshot } from '@app/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/api/src/lib/clock';
import { CUSTOMER_USER_TYPE, createUser } from '../apps/api/src/modules/users/users.service';
import { moneyTransaction } from '../apps/api/src/db/unit-of-work';
import { createMoneyModule } from '../apps/api/src/modules/money';
import { creditFromHouse } from '../apps/api/test/wallet-support';
import { dismissToasts, loginByApi } from './support/account-helpers';
import { launchBrowser, PHONE_VIEWPORT, type Site, startSite } from './support/site';

const PASSWORD = 'Bets2026ok';
const WAIT = { timeout: 30_000 };
let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ env: { SIM_SEED: 'e2e-bets-match', SIM_SPEED: '1' } });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function snapshot(matchId: number) {
  const response = await fetch(`${site.baseUrl}/api/market/getMarkets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ match_id: matchId }),
  });
  return ((await response.json()) as { data: MarketsSnapshot }).data;
}

/** The first match whose snapshot passes `fits`; far matches first (no in-play delay). */
async function findMatch(fits: (data: MarketsSnapshot) => boolean) {
  const matches = await site.database.db.selectFrom('matches').select('match_id').orderBy('start_time', 'desc').execute();
  for (const { match_id } of matches) {
    const data = await snapshot(Number(match_id));
    if (fits(data)) return data;
  }
  throw new Error('no fitting match');
}

async function playerPage(userName: string): Promise<Page> {
  const userId = await createUser(site.database.db, systemClock, {
    userName,
    password: PASSWORD,
    userTypeId: CUSTOMER_USER_TYPE,
  });
  const { money } = createMoneyModule({ db: site.database.db, clock: systemClock });
  await moneyTransaction(site.database.db, { userIds: [userId], now: Date.now() }, (trx) =>
    creditFromHouse(money, trx, userId, 100_000, 'e2e'),
  );
  const context = await browser.newContext({ baseURL: site.baseUrl, viewport: PHONE_VIEWPORT, locale: 'en-US' });
  await loginByApi(context, site, userName, PASSWORD);
  return context.newPage();
}

/**
 * Types a stake, presses place and waits for the answer: the confirmation toast of a placed bet,
 * or the refusal inside the slip (docs/betting.md, "The bet slip (web)": never a toast over its
 * buttons); returns its text.
 */
async function place(page: Page, stake: string): Promise<string> {
  const slip = page.getByTestId('bet-slip');
  await expect.poll(() => slip.isVisible(), WAIT).toBe(true);
  await dismissToasts(page);
  await page.getByTestId('bet-slip-stake').fill(stake);
  await page.getByTestId('bet-slip-place').click();
  const answer = page.getByTestId('toast').or(slip.getByTestId('bet-slip-refusal')).first();
  await expect.poll(() => answer.isVisible(), WAIT).toBe(true);
  return (await answer.textContent()) ?? '';
}

/** Prices move; a refusal because the price moved while the slip was open is retried with the new one. */
async function placeOn(page: Page, price: Locator, stake: string) {
  for (let attempt = 0; ; attempt += 1) {
    await price.click();
    const text = await place(page, stake);
    if (text.includes('Bet placed') || attempt === 9) return text;
  }
}

describe('betting from the match page', () => {
  it('backs and lays a runner: the book under each runner and the header balance and exposure change', async () => {
    const data = await findMatch((item) =>
      item.markets.some((market) => market.market_type === 'MATCH_ODDS' && market.status === 'OPEN'),
    );
    const page = await playerPage('match_e2e_odds');
    await page.goto(`/sports-detail/${data.match.match_id}`);
    const market = page.getByTestId('market-MATCH_ODDS').first();
    const runners = market.getByTestId('runner');
    await expect.poll(() => runners.count(), WAIT).toBeGreaterThan(1);
    const runnerCount = await runners.count();
    await expect.poll(() => page.getByTestId('balance-free-chip').textContent(), WAIT).toBe('₹1,000.00');

    expect(await placeOn(page, runners.first().getByTestId('best-back'), '100')).toContain('Bet placed');
    await expect.poll(() => market.getByTestId('runner-book').count(), WAIT).toBe(runnerCount);
    // Backing the first runner wins on it and loses the stake on every other runner.
    await expect.poll(() => runners.nth(1).getByTestId('runner-book').textContent(), WAIT).toContain('100');
    const backedBook = await runners.first().getByTestId('runner-book').textContent();
    await expect.poll(() => page.getByTestId('balance-exposure').textContent(), WAIT).toBe('₹100.00');
    expect(await page.getByTestId('balance-free-chip').textContent()).toBe('₹900.00');

    expect(await placeOn(page, runners.first().getByTestId('best-lay'), '100')).toContain('Bet placed');
    await expect.poll(() => runners.first().getByTestId('runner-book').textContent(), WAIT).not.toBe(backedBook);
    await expect.poll(() => page.getByTestId('balance-exposure').textContent(), WAIT).not.toBe('₹100.00');
    await page.context().close();
  }, 120_000);

  it('refuses a back at better odds than offered with the server message', async () => {
    const data = await findMatch((item) =>
      item.markets.some((market) => market.market_type === 'MATCH_ODDS' && market.status === 'OPEN'),
    );
    const page = await playerPage('match_e2e_refused');
    await page.goto(`/sports-detail/${data.match.match_id}`);
    const runner = page.getByTestId('market-MATCH_ODDS').first().getByTestId('runner').first();
    await expect.poll(() => runner.getByTestId('best-back').isVisible(), WAIT).toBe(true);
    await runner.getByTestId('best-back').click();
    const raise = page.getByRole('button', { name: 'Raise the odds by 0.02' });
    for (let step = 0; step < 25; step += 1) await raise.click();
    expect(await place(page, '100')).toContain('Odds changed');
    expect(await page.getByTestId('runner-book').count()).toBe(0);
    expect(await page.getByTestId('balance-exposure').textContent()).toBe('₹0.00');
    await page.context().close();
  }, 120_000);

  it('places a fancy Yes and a No and shows the line book', async () => {
    const data = await findMatch((item) =>
      item.fancy.some((line) => line.status === 'OPEN' && line.run_yes !== null && line.run_no !== null),
    );
    const line = data.fancy.find((item) => item.status === 'OPEN' && item.run_yes !== null && item.run_no !== null)!;
    const page = await playerPage('match_e2e_fancy');
    await page.goto(`/sports-detail/${data.match.match_id}`);
    const row = page.getByTestId('fancy-line').filter({ hasText: line.name }).first();
    await expect.poll(() => row.getByRole('button').count(), WAIT).toBe(2);
    expect(await placeOn(page, row.getByRole('button').nth(1), '100')).toContain('Bet placed');
    await expect.poll(() => row.getByTestId('fancy-book').isVisible(), WAIT).toBe(true);
    // The run position, run by run around the line: a loss below it, a win from it up.
    const position = row.getByTestId('run-position');
    await expect.poll(() => position.locator('tbody tr').count(), WAIT).toBeGreaterThan(3);
    expect(await position.locator('tbody tr').first().textContent()).toContain('−₹100.00');
    expect(await position.locator('tbody tr').last().textContent()).toContain('+');
    await expect.poll(() => page.getByTestId('balance-exposure').textContent(), WAIT).toBe('₹100.00');
    expect(await placeOn(page, row.getByRole('button').nth(0), '100')).toContain('Bet placed');
    await expect.poll(() => row.getByTestId('fancy-book').isVisible(), WAIT).toBe(true);
    await page.context().close();
  }, 180_000);
});
