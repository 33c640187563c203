import type { MarketsSnapshot, MatchRow } from '@app/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/api/src/lib/clock';
import { moneyTransaction } from '../apps/api/src/db/unit-of-work';
import { createMoneyModule } from '../apps/api/src/modules/money';
import { CUSTOMER_USER_TYPE, createUser } from '../apps/api/src/modules/users/users.service';
import { runAdminProcess } from '../apps/api/test/test-app';
import { creditFromHouse } from '../apps/api/test/wallet-support';
import { dismissToasts, loginByApi } from './support/account-helpers';
import { launchBrowser, PHONE_VIEWPORT, type Site, startSite } from './support/site';

/** Set SPORTS_SCREENSHOTS=/some/dir to keep screenshots of the pages. */
const SCREENSHOT_DIR = process.env.SPORTS_SCREENSHOTS;
const PASSWORD = 'Racing2026ok';
const WAIT = { timeout: 30_000 };
/** The race must be at least this far from its off when the journey starts (page, slip, two bets). */
const LEAD_MS = 35_000;
let site: Site;
let browser: Browser;

beforeAll(async () => {
  // 60×: a venue's races go off half a minute apart and a race runs a few seconds, so the journey
  // sees a race go off and its result within about a minute.
  site = await startSite({ env: { SIM_SEED: 'e2e-racing', SIM_SPEED: '60' } });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function api<T>(path: string, body: object): Promise<T> {
  const response = await fetch(`${site.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { data: T }).data;
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/** How far ahead a race may be: at 60× a venue's next race is half a minute away, but meetings have gaps. */
const WINDOW_MS = 120_000;

/**
 * The soonest race (horse or greyhound) with a Place market whose off is `leadMs` to
 * `leadMs` + WINDOW_MS away; between meetings, wait for one.
 */
async function nextRace(leadMs = LEAD_MS): Promise<MarketsSnapshot> {
  let found: MarketsSnapshot | undefined;
  await expect
    .poll(
      async () => {
        const rows = [
          ...(await api<MatchRow[]>('match/getMatches', { sport_id: 7, is_active: '1' })),
          ...(await api<MatchRow[]>('match/getMatches', { sport_id: 4339, is_active: '1' })),
        ];
        const soon = rows
          .filter((row) => !row.placings)
          .filter((row) => Date.parse(row.start_time) > Date.now() + leadMs)
          .filter((row) => Date.parse(row.start_time) < Date.now() + leadMs + WINDOW_MS)
          .sort((a, b) => a.start_time.localeCompare(b.start_time));
        for (const row of soon.slice(0, 6)) {
          const snapshot = await api<MarketsSnapshot>('market/getMarkets', { match_id: row.match_id });
          if (snapshot.markets.some((market) => market.market_type === 'PLACE')) {
            found = snapshot;
            return true;
          }
        }
        return false;
      },
      { timeout: 300_000, interval: 2_000 },
    )
    .toBe(true);
  return found!;
}

async function newPhonePage() {
  const context = await browser.newContext({ baseURL: site.baseUrl, viewport: PHONE_VIEWPORT, locale: 'en-US' });
  return { context, page: await context.newPage() };
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
 * Clicks a price, types the stake, places, and returns the answer: the confirmation toast, or the
 * refusal inside the slip (never a toast over its buttons); a price that moved meanwhile is tried again.
 */
async function placeOn(page: Page, price: Locator, stake: string): Promise<string> {
  const slip = page.getByTestId('bet-slip');
  for (let attempt = 0; ; attempt += 1) {
    // A slip left open by a refusal may cover the price on a phone: close it first.
    if (await slip.isVisible()) await slip.getByRole('button', { name: 'Close bet slip' }).click();
    await price.click();
    await expect.poll(() => slip.isVisible(), WAIT).toBe(true);
    await dismissToasts(page);
    await page.getByTestId('bet-slip-stake').fill(stake);
    await page.getByTestId('bet-slip-place').click();
    const answer = page.getByTestId('toast').or(slip.getByTestId('bet-slip-refusal')).first();
    await expect.poll(() => answer.isVisible(), WAIT).toBe(true);
    const text = (await answer.textContent()) ?? '';
    if (text.includes('Bet placed') || attempt === 9) return text;
  }
}

describe('racing on a phone', () => {
  it('opens a race card from the meetings, bets Win and Place on a runner, and sees the result settle them', async () => {
    const race = await nextRace();
    const matchId = race.match.match_id;
    const page = await playerPage('racing_e2e');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // The sport's page: today's meetings by venue, each race with its off time and a countdown.
    const isDogs = race.match.sport_id === 4339;
    await page.goto(`/sports/${race.match.sport_id}`);
    await page.getByRole('heading', { level: 1 }).waitFor(WAIT);
    const meeting = page.getByTestId('meeting').filter({ has: page.getByRole('heading', { name: race.match.series_name }) });
    await expect.poll(() => meeting.isVisible(), WAIT).toBe(true);
    const row = meeting.locator(`a[href$="/sports-racing-detail/${matchId}"]`);
    await row.scrollIntoViewIfNeeded(WAIT);
    expect(await row.textContent()).toContain(race.match.name);
    await expect
      .poll(async () => (await row.locator('[data-state="upcoming"] time').textContent()) ?? '', WAIT)
      .toMatch(/^\d+:\d\d$/);
    await screenshot(page, 'racing-meetings-phone');
    await row.click();

    // The race card: runners with cloth number, jockey (or trap) and form; Win with three prices a side.
    await page.getByRole('heading', { level: 1, name: race.match.name }).waitFor(WAIT);
    const win = page.getByTestId('market-WIN');
    const runners = win.getByTestId('runner');
    await expect.poll(() => runners.count(), WAIT).toBe(race.markets[0]!.runners.length);
    const first = runners.first();
    expect(await first.getByText(race.markets[0]!.runners[0]!.name).count()).toBe(1);
    expect(await first.getByText(isDogs ? /^Trap 1$/ : /^J: /).count()).toBe(1);
    expect(await first.getByText(/^Form /).count()).toBe(1);
    await expect.poll(() => first.getByRole('button').count(), WAIT).toBe(6);
    await expect.poll(() => page.getByTestId('balance-free-chip').textContent(), WAIT).toBe('₹1,000.00');

    expect(await placeOn(page, first.getByTestId('best-back'), '100')).toContain('Bet placed');
    await expect.poll(() => first.getByTestId('runner-book').count(), WAIT).toBe(1);
    await page.getByRole('tab', { name: 'Place' }).click();
    const place = page.getByTestId('market-PLACE');
    await expect.poll(() => place.isVisible(), WAIT).toBe(true);
    expect(await place.textContent()).toMatch(/[23] places/);
    expect(await placeOn(page, place.getByTestId('runner').first().getByTestId('best-back'), '100')).toContain('Bet placed');
    await expect.poll(() => page.getByTestId('balance-exposure').textContent(), WAIT).toBe('₹200.00');
    await screenshot(page, 'racing-card-phone');

    // The off, the finish: the placings show on the card and the bets are settled by the result.
    const result = page.getByTestId('race-result');
    const toFinish = Date.parse(race.match.start_time) - Date.now() + 60_000;
    await expect.poll(() => result.isVisible(), { timeout: toFinish, interval: 250 }).toBe(true);
    expect(await result.locator('li').count()).toBe(race.markets[0]!.runners.length);
    await expect.poll(() => page.getByTestId('market-status').first().textContent(), WAIT).toMatch(/Closed|Result declared/);
    await expect.poll(() => page.getByTestId('balance-exposure').textContent(), { timeout: 60_000 }).toBe('₹0.00');
    const bets = await site.database.db
      .selectFrom('bets')
      .select(['status', 'profit_loss'])
      .where('match_id', '=', matchId)
      .execute();
    expect(bets.map((bet) => bet.status).every((status) => status === 'won' || status === 'lost')).toBe(true);
    const profit = bets.reduce((sum, bet) => sum + Number(bet.profit_loss), 0) / 100;
    const expected = `₹${(1000 + profit).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect.poll(() => page.getByTestId('balance-free-chip').textContent(), WAIT).toBe(expected);
    // Settled bets leave the book under the runners.
    await expect.poll(() => page.getByTestId('runner-book').count(), WAIT).toBe(0);
    await screenshot(page, 'racing-result-phone');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 600_000);

  it('shows an operator’s suspension, void and declared result on the race card as they happen', async () => {
    // Only needs a race not yet off for the few seconds the operator's commands take.
    const race = await nextRace(15_000);
    const [win, place] = race.markets;
    const { context, page } = await newPhonePage();
    await page.goto(`/sports-racing-detail/${race.match.match_id}`);
    const winMarket = page.getByTestId('market-WIN');
    await expect.poll(() => winMarket.locator('button[data-testid="best-back"]').count(), WAIT).toBeGreaterThan(0);
    const admin = async (...argv: string[]) => expect((await runAdminProcess(site.databaseEnv, ...argv)).code).toBe(0);

    await admin('sports', 'suspend', '--market', win!.market_id);
    await expect.poll(() => winMarket.getByTestId('market-status').textContent(), WAIT).toBe('Suspended');
    expect(await winMarket.locator('button[data-testid="best-back"]').count()).toBe(0);
    await admin('sports', 'resume', '--market', win!.market_id);
    await expect.poll(() => winMarket.locator('button[data-testid="best-back"]').count(), WAIT).toBeGreaterThan(0);

    await admin('market', 'void', '--market', place!.market_id);
    await page.getByRole('tab', { name: 'Place' }).click();
    await expect.poll(() => page.getByTestId('market-PLACE').getByTestId('market-status').textContent(), WAIT).toBe('Void');

    await admin('market', 'result', '--market', win!.market_id, '--winner', String(win!.runners[0]!.selection_id));
    await page.getByRole('tab', { name: 'Win' }).click();
    await expect.poll(() => winMarket.getByTestId('market-status').textContent(), WAIT).toBe('Result declared');
    expect(await winMarket.locator('button[data-testid="best-back"]').count()).toBe(0);
    await context.close();
  }, 480_000);
});
