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

/**
 * On a phone, bet on a cricket match, watch the cash-out value move with the
 * prices, cash out, and see a level book (docs/betting.md "Cash out"). At SIM_SPEED 20 a
 * pre-match price steps about every second of real time, and a match hours away stays pre-match.
 */
const PASSWORD = 'CashOut2026';
const WAIT = { timeout: 30_000 };
let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ env: { SIM_SEED: 'e2e-cash-out', SIM_SPEED: '20' } });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** A cricket match at least `minutes` of real time away, with an open match-odds market. */
async function farCricketMatch(minutes: number): Promise<MarketsSnapshot> {
  const matches = await site.database.db
    .selectFrom('matches')
    .select('match_id')
    .where('sport_id', '=', 4)
    .where('start_time', '>', Date.now() + minutes * 60_000)
    .orderBy('start_time')
    .execute();
  for (const { match_id } of matches) {
    const response = await fetch(`${site.baseUrl}/api/market/getMarkets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ match_id: Number(match_id) }),
    });
    const data = ((await response.json()) as { data: MarketsSnapshot }).data;
    if (data.markets.some((market) => market.market_type === 'MATCH_ODDS' && market.status === 'OPEN')) return data;
  }
  throw new Error('no cricket match far enough away');
}

async function playerPage(userName: string): Promise<Page> {
  const userId = await createUser(site.database.db, systemClock, {
    userName,
    password: PASSWORD,
    userTypeId: CUSTOMER_USER_TYPE,
  });
  const { money } = createMoneyModule({ db: site.database.db, clock: systemClock });
  await moneyTransaction(site.database.db, { userIds: [userId], now: Date.now() }, (trx) =>
    creditFromHouse(money, trx, userId, 1_000_000, 'e2e'),
  );
  const context = await browser.newContext({ baseURL: site.baseUrl, viewport: PHONE_VIEWPORT, locale: 'en-US' });
  await loginByApi(context, site, userName, PASSWORD);
  return context.newPage();
}

/** Backs at the best price; a price that moved while the slip was open is tried again. */
async function backOn(page: Page, price: Locator, stake: string): Promise<void> {
  const slip = page.getByTestId('bet-slip');
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await dismissToasts(page);
    // A refused try leaves the slip open over the prices on a phone: close it before the next
    // (its close button: Escape closes it only while the focus is in it).
    if (await slip.isVisible()) {
      await slip.getByRole('button', { name: 'Close bet slip' }).click();
      await expect.poll(() => slip.isVisible(), WAIT).toBe(false);
    }
    await price.click();
    await expect.poll(() => slip.isVisible(), WAIT).toBe(true);
    await page.getByTestId('bet-slip-stake').fill(stake);
    await page.getByTestId('bet-slip-place').click();
    const answer = page.getByTestId('toast').or(slip.getByTestId('bet-slip-refusal')).first();
    await expect.poll(() => answer.isVisible(), WAIT).toBe(true);
    if (((await answer.textContent()) ?? '').includes('Bet placed')) return;
  }
  throw new Error('the bet was never taken');
}

/** "+1,234.56" / "−78.90" as a number of rupees. */
function amountOf(text: string | null): number {
  const cleaned = (text ?? '').replace(/[^0-9.−-]/g, '').replace('−', '-');
  return Number(cleaned);
}

describe('cash out on a phone', () => {
  it('bets on a cricket match, watches the cash-out value move, cashes out and sees a level book', async () => {
    const data = await farCricketMatch(10);
    const page = await playerPage('cashout_phone');
    await page.goto(`/sports-detail/${data.match.match_id}`);
    const market = page.getByTestId('market-MATCH_ODDS').first();
    const runners = market.getByTestId('runner');
    await expect.poll(() => runners.count(), WAIT).toBe(2);
    await backOn(page, runners.first().getByTestId('best-back'), '1000');
    const slip = page.getByTestId('bet-slip');
    if (await slip.isVisible()) await slip.getByRole('button', { name: 'Close bet slip' }).click();

    // The value follows the live prices: it changes without a reload.
    const panel = market.getByTestId('cash-out');
    const value = panel.getByTestId('cash-out-value');
    await expect.poll(() => value.isVisible(), WAIT).toBe(true);
    const first = await value.textContent();
    await expect.poll(() => value.textContent(), { timeout: 60_000 }).not.toBe(first);
    const books = market.getByTestId('runner-book');
    const before = (await books.allTextContents()).map(amountOf);
    expect(Math.abs(before[0]! - before[1]!)).toBeGreaterThan(100);

    // Cash out: a price that moves under the press is refused with the new value; press again.
    const button = panel.getByTestId('cash-out-button');
    let cashedOut = false;
    for (let attempt = 0; attempt < 15 && !cashedOut; attempt += 1) {
      await dismissToasts(page);
      await button.click();
      const answer = page.getByTestId('toast').or(panel.getByTestId('cash-out-refusal')).first();
      await expect.poll(() => answer.isVisible(), WAIT).toBe(true);
      const text = (await answer.textContent()) ?? '';
      cashedOut = text.includes('Cashed out');
      if (!cashedOut) expect(text).toContain('cash out value changed');
    }
    expect(cashedOut).toBe(true);

    // A level book: the same profit under both runners (within a paisa), and nothing left to cash out.
    await expect.poll(() => panel.getByTestId('cash-out-status').textContent(), WAIT).toContain('level');
    const after = (await books.allTextContents()).map(amountOf);
    expect(Math.abs(after[0]! - after[1]!)).toBeLessThanOrEqual(0.01 + 1e-9);

    // The legs are in the current bets, marked as cash out.
    await page.goto('/report/current-bets');
    await expect.poll(() => page.getByTestId('cash-out-tag').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('current-cash-out').count(), WAIT).toBe(1);
    await page.context().close();
  }, 240_000);
});
