import type { MarketsSnapshot } from '@app/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_USER_TYPE, createUser } from '../apps/api/src/modules/users/users.service';
import { moneyTransaction } from '../apps/api/src/db/unit-of-work';
import { createMoneyModule } from '../apps/api/src/modules/money';
import { type ManualClock, manualClock } from '../apps/api/test/accounts-support';
import { creditFromHouse } from '../apps/api/test/wallet-support';
import { loginByApi } from './support/account-helpers';
import { launchBrowser, PHONE_VIEWPORT, type Site, startSite, storeLanguage } from './support/site';

/**
 * The bet slip on the phone profile (docs/betting.md, "The bet slip (web)"): the slip follows its
 * price while open, a refusal for a moved price shows inside the slip with nothing over its
 * buttons, and one tap places the bet at the new price. The site's clock stands still unless the
 * test moves it, so a price moves exactly when the test says (the simulator's prices are a function
 * of time: docs/sports.md).
 */
const PASSWORD = 'Slip2026ok';
const WAIT = { timeout: 30_000 };
/** Pre-match prices step every 20 simulated seconds (docs/sports.md "The simulator"). */
const PRICE_STEP_MS = 20_000;
/** Far fewer than the session's 30 idle minutes. */
const MAX_STEPS = 30;

let site: Site;
let browser: Browser;
let clock: ManualClock;

beforeAll(async () => {
  // Real time now, so the fixtures the feed takes in are the ones a player would see today.
  clock = manualClock(Date.now());
  site = await startSite({ clock, env: { SIM_SEED: 'e2e-slip', SIM_SPEED: '1' } });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${site.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { data: T }).data;
}

interface Target {
  matchId: number;
  runnerName: string;
  /** The best back now, and after `stepsToFall` price steps, when it is lower. */
  backNow: number;
  backLater: number;
  stepsToFall: number;
}

/**
 * A runner of a match an hour or more away (no in-play delay) whose best back falls within the
 * next few price steps: found by moving the clock ahead and back before any page follows it.
 */
async function runnerWhoseBackFalls(): Promise<Target> {
  const matches = await site.database.db
    .selectFrom('matches')
    .select('match_id')
    .where('start_time', '>', clock.now() + 3_600_000)
    .orderBy('start_time')
    .execute();
  const backOf = async (matchId: number, selectionId: number) => {
    const snapshot = await post<MarketsSnapshot>('market/getMarkets', { match_id: matchId });
    const market = snapshot.markets.find((item) => item.market_type === 'MATCH_ODDS');
    if (market?.status !== 'OPEN') return null;
    return market.runners.find((item) => item.selection_id === selectionId)?.back[0]?.odds ?? null;
  };
  for (const { match_id } of matches) {
    const matchId = Number(match_id);
    const snapshot = await post<MarketsSnapshot>('market/getMarkets', { match_id: matchId });
    const market = snapshot.markets.find((item) => item.market_type === 'MATCH_ODDS' && item.status === 'OPEN');
    const runner = market?.runners.find((item) => item.back.length > 0);
    if (!market || !runner) continue;
    const backNow = runner.back[0]!.odds;
    for (let steps = 1; steps <= MAX_STEPS; steps += 1) {
      clock.advance(PRICE_STEP_MS);
      const later = await backOf(matchId, runner.selection_id);
      if (later !== null && later !== backNow) {
        clock.advance(-steps * PRICE_STEP_MS);
        if (later < backNow) return { matchId, runnerName: runner.name, backNow, backLater: later, stepsToFall: steps };
        break;
      }
      if (steps === MAX_STEPS) clock.advance(-steps * PRICE_STEP_MS);
    }
  }
  throw new Error('no runner whose back price falls soon');
}

async function phonePlayer(userName: string): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const userId = await createUser(site.database.db, clock, { userName, password: PASSWORD, userTypeId: CUSTOMER_USER_TYPE });
  const { money } = createMoneyModule({ db: site.database.db, clock });
  await moneyTransaction(site.database.db, { userIds: [userId], now: clock.now() }, (trx) =>
    creditFromHouse(money, trx, userId, 100_000, 'e2e'),
  );
  const context = await browser.newContext({
    baseURL: site.baseUrl,
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  const token = await loginByApi(context, site, userName, PASSWORD);
  return { context, page: await context.newPage(), token };
}

/** True when a tap at the middle of the element lands on it, not on something drawn over it. */
function receivesTap(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

describe('the bet slip on a phone when prices move', () => {
  it('shows the price moving while open, keeps the refusal in the slip, and places at the new price in one tap', async () => {
    const target = await runnerWhoseBackFalls();
    const { context, page, token } = await phonePlayer('slip_moves');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/sports-detail/${target.matchId}`);
    const runner = page.getByTestId('market-MATCH_ODDS').getByTestId('runner').filter({ hasText: target.runnerName });
    const best = runner.getByTestId('best-back');
    // The list prints odds as exchanges do (1.5, not 1.50).
    await expect.poll(() => best.textContent(), WAIT).toContain(String(target.backNow));
    await best.tap();
    const slip = page.getByTestId('bet-slip');
    await slip.waitFor(WAIT);
    await page.getByTestId('bet-slip-stake').fill('100');
    const live = slip.getByTestId('bet-slip-live');
    await expect.poll(() => live.textContent(), WAIT).toContain(`Now ${target.backNow.toFixed(2)}`);

    // The price falls while the slip is open: the slip shows the move as it happens.
    clock.advance(target.stepsToFall * PRICE_STEP_MS);
    await expect.poll(() => live.textContent(), WAIT).toContain(`Now ${target.backLater.toFixed(2)}`);
    expect(await live.getAttribute('data-move')).toBe('down');
    expect(await slip.getByTestId('bet-slip-odds').textContent()).toBe(target.backNow.toFixed(2));

    // Placed at the old price: refused, and the reason shows inside the slip, not over its buttons.
    await page.getByTestId('bet-slip-place').tap();
    const refusal = slip.getByTestId('bet-slip-refusal');
    await refusal.waitFor(WAIT);
    expect(await refusal.textContent()).toContain(`Odds changed: back is now ${target.backLater}`);
    expect(await page.getByTestId('toast').count()).toBe(0);
    const takeOffer = slip.getByTestId('bet-slip-take-offer');
    expect(await takeOffer.textContent()).toBe(`Place at ${target.backLater.toFixed(2)}`);
    for (const button of [takeOffer, page.getByTestId('bet-slip-place'), slip.getByTestId('bet-slip-clear')]) {
      expect(await receivesTap(button)).toBe(true);
    }

    // One tap: placed at the new price, and the confirmation says what was placed.
    await takeOffer.tap();
    const toast = page.getByTestId('toast').filter({ hasText: 'Bet placed' });
    await toast.waitFor(WAIT);
    expect(await toast.textContent()).toContain(
      `Bet placed: Back ${target.runnerName} at ${target.backLater.toFixed(2)}, stake ₹100.00`,
    );
    await expect.poll(() => slip.isVisible(), WAIT).toBe(false);
    const bets = await post<{ rows: { odds: number; stack: number; is_back: number }[] }>('report/currentBets', {}, token);
    expect(bets.rows).toEqual([expect.objectContaining({ odds: target.backLater, stack: 100, is_back: 1 })]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});

describe('sports lists on a phone', () => {
  it('label every price (1 / X / 2, Back and Lay), fit 390 px, and keep Latin digits and one ₹ format in Bengali', async () => {
    const { context, page } = await phonePlayer('lists_bn');
    await storeLanguage(context, site, 'bn');
    await page.goto('/sports/1');
    // The server paints the first rows; measure the app's own, which take their place.
    await page.locator('.shell--boot').waitFor({ state: 'detached', ...WAIT });
    const rows = page.getByTestId('match-row');
    await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(0);
    const row = rows.filter({ has: page.locator('button.price') }).first();
    await expect.poll(() => row.getByTestId('runner-label').allTextContents(), WAIT).toEqual(['1', '2', 'X']);
    const head = page.getByTestId('list-head').first();
    expect(await head.textContent()).toBe('ব্যাকলেব্যাকলেব্যাকলে');
    // Six prices side by side on a 390 px phone: each a thumb wide, nothing off the screen.
    // Each list read in one go in the page: a live price re-rendering a button between two reads
    // cannot leave one unmeasured.
    const boxesOf = (locator: Locator) =>
      locator.evaluateAll((elements) =>
        elements.map((element) => {
          const { x, width, height } = element.getBoundingClientRect();
          return { x, width, height };
        }),
      );
    const priceBoxes = await boxesOf(row.locator('.price'));
    expect(priceBoxes).toHaveLength(6);
    for (const box of priceBoxes) {
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    // Odds, money and stakes in Latin digits, money grouped as in the header.
    expect(await row.locator('.price__main').first().textContent()).toMatch(/^[0-9.]+$/);
    await expect.poll(() => page.getByTestId('balance-free-chip').textContent(), WAIT).toBe('₹1,000.00');
    for (const chip of await boxesOf(page.locator('.sports-chip'))) expect(chip.height).toBeGreaterThanOrEqual(44);
    await context.close();
  }, 120_000);

  it('shows the sport and a LIVE badge in the header search', async () => {
    const live = await post<{ name: string; sport_id: number }[]>('match/getLiveMatches', {});
    const target = live[0];
    if (!target) throw new Error('no match in play');
    const { context, page } = await phonePlayer('search_badges');
    await page.goto('/home');
    await page.getByRole('button', { name: 'Search matches' }).click();
    await page.getByRole('combobox', { name: 'Match name' }).fill(target.name.slice(0, 12));
    const option = page.getByRole('option').filter({ hasText: target.name }).first();
    await option.waitFor(WAIT);
    expect(await option.getByTestId('search-live').textContent()).toBe('Live');
    expect(await option.getByTestId('search-sport').textContent()).not.toBe('');
    await context.close();
  }, 120_000);
});
