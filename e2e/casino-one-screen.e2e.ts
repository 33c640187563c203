import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedPhonePlayer } from './support/account-helpers';
import { launchBrowser, type Site, startSite } from './support/site';

const PASSWORD = 'OneScreen2026';

let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** A player with ₹5,000, logged in on a phone, in `language`. */
const phonePlayer = (name: string, language: string): Promise<{ page: Page; context: BrowserContext }> =>
  fundedPhonePlayer(site, browser, { name, password: PASSWORD, language });

/**
 * Whether the element is seen and tappable where it is: its rect inside the viewport and above the
 * bottom bar, and `document.elementFromPoint` at its centre and just inside its top and bottom
 * edges is it (or inside it): nothing, such as the sticky action area, covers part of it.
 */
function hitTest(page: Page, testId: string) {
  return page.evaluate((id) => {
    const element = document.querySelector(`[data-testid="${id}"]`);
    if (!element) return { ok: false, why: 'missing' };
    const rect = element.getBoundingClientRect();
    const bar = document.querySelector('.shell-bottombar');
    const barTop = bar && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect().top : window.innerHeight;
    const x = rect.left + rect.width / 2;
    const isHit = [rect.top + 2, rect.top + rect.height / 2, rect.bottom - 2].every((y) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === element || element.contains(hit));
    });
    const isInside = rect.top >= 0 && rect.left >= 0 && rect.right <= window.innerWidth && rect.bottom <= barTop;
    return {
      ok: isHit && isInside,
      why: `rect ${Math.round(rect.top)}–${Math.round(rect.bottom)}, bar at ${barTop}, hit ${isHit}`,
    };
  }, testId);
}

/** Each element seen and tappable, or the test fails naming it and where it was. */
async function expectOnScreen(page: Page, testIds: string[]) {
  for (const id of testIds) {
    const seen = await hitTest(page, id);
    expect(seen.ok, `${id}: ${seen.why}`).toBe(true);
  }
}

describe('one screen per game on a phone', () => {
  it.each([
    ['en', 'Bet ₹'],
    ['hi', 'का दांव'],
    ['bn', 'বাজি'],
  ])(
    'plays Dice in %s: board, stake, Bet button and result at once above the bottom bar, no scrolling',
    async (language, betLabel) => {
      const { page, context } = await phonePlayer(`onescreen_${language}`, language);
      await page.goto('/home/group/brino-game-list/super-game');
      await page.getByTestId('game-dice').locator('.casino-tile__open').click();
      await page.waitForURL(/\/casino\/play\/dice/);
      await page.getByTestId('game-balance').waitFor();
      const bet = page.getByRole('button', { name: betLabel });
      await bet.waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await bet.evaluate((element) => element.setAttribute('data-testid', 'dice-bet'));
      expect(await hitTest(page, 'dice-bet')).toMatchObject({ ok: true });

      await bet.click();
      await page.getByTestId('round-result').waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await hitTest(page, 'round-result')).toMatchObject({ ok: true });
      expect(await hitTest(page, 'dice-bet')).toMatchObject({ ok: true });
      await expectOnScreen(page, ['game-frame', 'game-stake']);
      await context.close();
    },
  );

  /*
   * The other games played with one tap of Bet (docs/casino.md, "Lobby and pages"): one language
   * each (Dice covers the three), Hindi and Bengali for some so their longer labels are checked
   * too. Mines (tiles, then cash out), Crash (shared rounds) and the slots (their own journey) play
   * differently.
   */
  it.each([
    ['teen-patti', '/home/group/indian-game-list/SN', 'hi'],
    ['european-roulette', '/home/group/brino-game-list/table-game', 'en'],
    ['lucky-7', '/home/group/indian-game-list/SN', 'bn'],
    ['plinko', '/home/group/brino-game-list/super-game', 'en'],
    ['limbo', '/home/group/brino-game-list/super-game', 'en'],
    ['andar-bahar', '/home/group/indian-game-list/SN', 'en'],
    ['dragon-tiger', '/home/group/indian-game-list/SN', 'hi'],
  ])(
    'plays %s (from %s, in %s): board, stake, Bet button and result at once above the bottom bar',
    async (code, list, language) => {
      const { page, context } = await phonePlayer(`onescreen_${code.slice(0, 5)}_${language}`, language);
      await page.goto(list);
      await page.getByTestId(`game-${code}`).locator('.casino-tile__open').click();
      await page.waitForURL(new RegExp(`/casino/play/${code}`));
      await page.getByTestId('game-balance').waitFor();
      const bet = page.getByTestId('game-bet');
      await bet.waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectOnScreen(page, ['game-frame', 'game-stake', 'game-bet']);

      await bet.click();
      await page.getByTestId('round-result').waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expectOnScreen(page, ['round-result', 'game-frame', 'game-stake', 'game-bet']);
      await context.close();
    },
  );
});
