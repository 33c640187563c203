import type { MarketsSnapshot } from '@app/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/api/src/lib/clock';
import { createSettlementService } from '../apps/api/src/modules/bets/settlement.service';
import { CUSTOMER_USER_TYPE, createUser } from '../apps/api/src/modules/users/users.service';
import { moneyTransaction } from '../apps/api/src/db/unit-of-work';
import { createBonusModule } from '../apps/api/src/modules/bonus';
import { createMoneyModule } from '../apps/api/src/modules/money';
import { creditFromHouse } from '../apps/api/test/wallet-support';
import { loginByApi } from './support/account-helpers';
import { launchBrowser, PHONE_VIEWPORT, type Site, startSite } from './support/site';

const PASSWORD = 'Bets2026ok';
let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ env: { SIM_SEED: 'e2e-bets', SIM_SPEED: '1' } });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function api(path: string, body: unknown, token?: string) {
  const response = await fetch(`${site.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { status: boolean; data: unknown; message: string };
}

/** Two open match-odds markets of matches an hour or more away (no in-play delay). */
async function farMarkets() {
  const matches = await site.database.db
    .selectFrom('matches')
    .select('match_id')
    .where('start_time', '>', Date.now() + 3_600_000)
    .orderBy('start_time')
    .execute();
  const found: {
    matchId: number;
    matchName: string;
    marketId: string;
    marketName: string;
    runners: { selection_id: number; name: string }[];
  }[] = [];
  for (const { match_id } of matches) {
    const snapshot = (await api('market/getMarkets', { match_id: Number(match_id) })).data as MarketsSnapshot;
    const market = snapshot.markets.find((item) => item.market_type === 'MATCH_ODDS' && item.status === 'OPEN');
    if (market) {
      found.push({
        matchId: Number(match_id),
        matchName: snapshot.match.name,
        marketId: market.market_id,
        marketName: market.market_name,
        runners: market.runners,
      });
    }
    if (found.length === 2) return found;
  }
  throw new Error('not enough open markets');
}

describe('bet reports', () => {
  it('lists an open bet under current bets and a settled one in history, with the balance right', async () => {
    const userId = await createUser(site.database.db, systemClock, {
      userName: 'bets_e2e',
      password: PASSWORD,
      userTypeId: CUSTOMER_USER_TYPE,
    });
    const { money } = createMoneyModule({ db: site.database.db, clock: systemClock });
    await moneyTransaction(site.database.db, { userIds: [userId], now: Date.now() }, (trx) =>
      creditFromHouse(money, trx, userId, 100_000, 'e2e'),
    );
    // The report pages pick their default dates from the browser's calendar; the server counts India days.
    const context = await browser.newContext({
      baseURL: site.baseUrl,
      viewport: PHONE_VIEWPORT,
      locale: 'en-US',
      timezoneId: 'Asia/Kolkata',
    });
    const page = await context.newPage();
    const token = await loginByApi(context, site, 'bets_e2e', PASSWORD);
    const [open, settled] = await farMarkets();
    const openRunner = open!.runners[0]!;
    const settledRunner = settled!.runners[0]!;
    // A back at 1.01 is taken at any offered price.
    for (const [market, runner, stack] of [
      [open!, openRunner, 100],
      [settled!, settledRunner, 200],
    ] as const) {
      const placed = await api(
        'bet/placeMarketBet',
        {
          match_id: market.matchId,
          market_id: market.marketId,
          selection_id: runner.selection_id,
          odds: 1.01,
          stack,
          is_back: 1,
        },
        token,
      );
      expect(placed.status, placed.message).toBe(true);
    }
    const loser = settled!.runners[1]!.selection_id;
    await createSettlementService(site.database.db, systemClock, {
      money,
      bonuses: createBonusModule({ db: site.database.db, clock: systemClock, money }).bonuses,
    }).settle(`M:${settled!.marketId}`, { outcome: 'winner', winnerSelectionId: loser }, 'operator');

    await page.goto('/report/current-bets');
    await expect.poll(() => page.getByRole('heading', { name: 'Current bets' }).isVisible(), { timeout: 15_000 }).toBe(true);
    const report = page.locator('.ui-report');
    // Only the open bet: its selection, and a total stake of that one bet.
    await expect.poll(() => report.textContent(), { timeout: 15_000 }).toContain(openRunner.name);
    expect(await report.textContent()).toContain('Total stake₹100.00');
    await expect.poll(() => page.getByTestId('balance-free-chip').textContent(), { timeout: 15_000 }).toBe('₹700.00');
    expect(await page.getByTestId('balance-exposure').textContent()).toBe('₹100.00');

    await page.goto('/report/bet-history');
    await expect.poll(() => report.textContent(), { timeout: 15_000 }).toContain(settledRunner.name);
    expect(await report.textContent()).toContain('Lost');
    expect(await page.getByTestId('history-total-pl').textContent()).toBe('−200.00');

    // The account statement: the settled market is one line, its loss named by match and market,
    // expandable to its hold, release and result; the open market is a line of money held.
    await page.goto('/report/account-statement');
    const lost = page.locator('.ui-table tbody tr', { hasText: 'Bet lost' });
    await expect.poll(() => lost.count(), { timeout: 15_000 }).toBe(1);
    expect(await lost.textContent()).toContain(`${settled!.matchName} · ${settled!.marketName}`);
    expect(await lost.textContent()).toContain('200.00');
    expect(await page.locator('.ui-table tbody tr', { hasText: 'Open bets: money held' }).count()).toBe(1);
    // Its movements in words, not wallet legs (docs/wallet.md "Account statement").
    const show = lost.getByRole('button', { name: /^Show \d+ movements$/ });
    const shown = Number((await show.textContent())?.match(/\d+/)?.[0]);
    await show.click();
    expect(await lost.getByRole('button', { name: 'Hide the movements' }).getAttribute('aria-expanded')).toBe('true');
    const movements = page.getByRole('list', { name: `Movements of ${settled!.matchName} · ${settled!.marketName}` });
    await movements.waitFor();
    expect(await movements.getByRole('listitem').count()).toBe(shown);
    expect(await movements.textContent()).toContain('held for your bets');
    expect(await movements.textContent()).toContain('Lost ₹200.00');
    // Every line's amount is its balance's move from the line below.
    const balances = await page.getByTestId('statement-balance').allTextContents();
    expect(balances.length).toBeGreaterThan(1);
    await context.close();
  }, 90_000);
});
