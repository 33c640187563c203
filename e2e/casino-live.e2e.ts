import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedPhonePlayer } from './support/account-helpers';
import { launchBrowser, PHONE_VIEWPORT, type Site, startSite } from './support/site';

/**
 * Live tables (docs/casino.md, "Live tables"): a player on a phone joins a live table from the
 * lobby's Live-Casino list, bets before the countdown ends, and sees the result and the payout, the
 * balance following. Rounds are short through configuration (6 s of betting, 3 s of result).
 */
const PASSWORD = 'LiveTable2026';
const STAKE = 10;
/** Set CASINO_SCREENSHOTS=/some/dir to keep screenshots of the table. */
const SCREENSHOT_DIR = process.env.CASINO_SCREENSHOTS;

let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ env: { LIVE_TABLE_BETTING_MS: '6000', LIVE_TABLE_RESULT_MS: '3000' } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** A player with ₹5,000, logged in on a phone. */
const phonePlayer = async (name: string): Promise<Page> =>
  (await fundedPhonePlayer(site, browser, { name, password: PASSWORD })).page;

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim() ?? '';
/** ₹4,990.00 → 4990 */
const rupees = (shown: string) => Number(shown.replace(/[^0-9.]/g, ''));

describe('live tables on a phone', () => {
  it('joins Live Andar Bahar from the lobby, bets before the countdown ends, sees the result and the payout', async () => {
    const page = await phonePlayer('live_phone');
    await page.goto('/home/group/all-game-list/Live-Casino');
    await page.getByRole('button', { name: 'Play Live Andar Bahar' }).first().click();
    await page.waitForURL(/\/casino\/play\/live-andar-bahar\?/);
    await page.getByTestId('live-balance').waitFor();

    // What each spot pays is on the spot before any bet, and the round's commitment is shown.
    expect(await text(page, 'live-spot-andar')).toContain('pays 1.9×');
    expect(await text(page, 'live-spot-bahar')).toContain('pays 2×');
    await expect.poll(() => text(page, 'live-hash')).toMatch(/^[0-9a-f]{64}$/);

    // A round with a few seconds left to bet (the page may have opened at the end of one).
    await expect
      .poll(async () => Number(/Bets close in (\d+) s/.exec(await text(page, 'live-countdown'))?.[1] ?? 0), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(3);
    const hash = await text(page, 'live-hash');
    const before = rupees(await text(page, 'live-balance'));
    await page.getByTestId('live-spot-andar').click();
    await expect.poll(() => text(page, 'live-spot-andar')).toContain('your bet');
    await expect.poll(async () => rupees(await text(page, 'live-balance'))).toBe(before - STAKE);
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/live-table-betting.png`, fullPage: true });

    // The round closes for everyone: the result, the revealed seed and the player's payout.
    await expect.poll(() => text(page, 'live-payout'), { timeout: 20_000 }).toMatch(/^You (won|lost) /);
    expect(await text(page, 'live-phase')).toMatch(/^Result: (Andar|Bahar)$/);
    expect(await text(page, 'live-hash')).toBe(hash);
    expect(await text(page, 'live-seed')).toMatch(/^[0-9a-f]{64}$/);
    const isWin = (await text(page, 'live-payout')).startsWith('You won');
    await expect.poll(async () => rupees(await text(page, 'live-balance'))).toBe(before - STAKE + (isWin ? 19 : 0));
    // The table fits the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/live-table-result.png`, fullPage: true });

    // The round verifies in the browser on /provably-fair.
    await page.getByRole('link', { name: 'Verify this round' }).first().click();
    await page.waitForURL(/\/provably-fair\?live=live-andar-bahar:\d+/);
    await expect
      .poll(() => text(page, 'live-verification'))
      .toContain('The revealed seed hashes to the hash shown while bets were open.');
    expect(await text(page, 'live-verification')).toContain(
      "The outcome recomputed in your browser from the seed is the table's outcome.",
    );
    await page.context().close();
  });

  it('shows Live Roulette and Live Teen Patti with every spot and its payout on the phone screen', async () => {
    const page = await phonePlayer('live_tables');
    for (const [name, spot, pays] of [
      ['Live Roulette', 'dozen-1', 'pays 3×'],
      ['Live Teen Patti', 'B', 'pays 1.98×'],
    ] as const) {
      await page.goto('/home/group/all-game-list/Live-Casino');
      await page
        .getByRole('button', { name: `Play ${name}` })
        .first()
        .click();
      await page.waitForURL(/\/casino\/play\/live-/);
      await page.getByTestId('live-balance').waitFor();
      expect(await text(page, `live-spot-${spot}`)).toContain(pays);
      // Roulette's numbers, straight up, say what they pay over the grid (each its own button).
      if (spot === 'dozen-1') expect(await page.locator('.lt-numbers__title').textContent()).toContain('pays 36×');
      await expect.poll(() => text(page, 'live-hash')).toMatch(/^[0-9a-f]{64}$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
      if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${spot}.png`, fullPage: true });
    }
    await page.context().close();
  });
});
