import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedPhonePlayer } from './support/account-helpers';
import { launchBrowser, type Site, startSite } from './support/site';

/**
 * Crash draws only what the server says (docs/casino.md "Crash on the screen"), on a phone, in
 * English and Hindi: every frame of 20 rounds against each round's crash point, every round
 * starting from 1.00×, and a cash-out paid exactly the multiplier its button showed.
 *
 * The server's clock runs 4× fast, so 20 rounds take about two minutes instead of eight (betting
 * 1.5 s, a 2× flight 2.9 s). The page knows nothing of that: it draws from the server's looks and
 * its own clock, which now disagree all the time, a harder test of the cap than a real phone's.
 */
const SPEED = 4;
const ROUNDS = 20;
const PASSWORD = 'CrashDraw2026';
const startedAt = Date.now();
const fastClock = { now: () => startedAt + (Date.now() - startedAt) * SPEED };

let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ clock: fastClock });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function openCrash(page: Page, playLabel: string): Promise<void> {
  await page.goto('/home/group/brino-game-list/virtual-game');
  await page.getByRole('button', { name: playLabel }).first().click();
  await page.waitForURL(/\/casino\/play\/crash/);
  await page.getByTestId('crash-multiplier').waitFor();
}

interface Sample {
  round: number;
  phase: string;
  value: number;
}

/** Records the counter at every animation frame and every change of its text, from now on. */
async function recordFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const samples: { round: number; phase: string; value: number }[] = [];
    (window as unknown as { crashSamples: typeof samples }).crashSamples = samples;
    const read = () => {
      const element = document.querySelector<HTMLElement>('[data-testid="crash-multiplier"]');
      if (!element) return;
      samples.push({
        round: Number(element.dataset.round),
        phase: element.dataset.phase ?? '',
        value: Math.round(Number.parseFloat(element.textContent ?? '') * 100),
      });
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    requestAnimationFrame(function frame() {
      read();
      requestAnimationFrame(frame);
    });
  });
}

const samplesOf = (page: Page) => page.evaluate(() => (window as unknown as { crashSamples: Sample[] }).crashSamples);

async function crashPointOf(round: number): Promise<number> {
  const answer = await (await fetch(`${site.baseUrl}/api/fair/crashRound?round_number=${round}`)).json();
  return Math.round(answer.data.crash_point * 100);
}

/** Bets in the next round and cashes out once the counter passes 1.05×; answers what was shown, asked and paid. */
async function betAndCashOut(page: Page, cashOutLabel: RegExp) {
  await page.evaluate(() => {
    const w = window as unknown as { shownAtClick: string | null };
    w.shownAtClick = null;
    document.addEventListener(
      'click',
      (event) => {
        const button = (event.target as HTMLElement).closest('[data-testid="crash-cashout"]');
        if (button && w.shownAtClick === null) w.shownAtClick = button.textContent;
      },
      true,
    );
  });
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const bet = page.locator('.casino-controls').getByRole('button').last();
    await expect.poll(() => page.getByTestId('crash-multiplier').getAttribute('data-phase'), { timeout: 30_000 }).toBe('betting');
    await bet.click();
    const cashOut = page.getByTestId('crash-cashout');
    try {
      await cashOut.waitFor({ timeout: 20_000 });
      await expect
        .poll(async () => Number.parseFloat((await page.getByTestId('crash-multiplier').textContent()) ?? ''), {
          timeout: 10_000,
        })
        .toBeGreaterThan(1.05);
      expect(await cashOut.textContent()).toMatch(cashOutLabel);
      const request = page.waitForRequest((r) => r.url().endsWith('/api/fair/crashCashout'));
      const response = page.waitForResponse((r) => r.url().endsWith('/api/fair/crashCashout'));
      await cashOut.click();
      const asked = JSON.parse((await request).postData() ?? '{}').at as number;
      const answer = await (await response).json();
      if (answer.status === false) continue; // the round crashed first: try the next one
      const shown = await page.evaluate(() => (window as unknown as { shownAtClick: string | null }).shownAtClick);
      return {
        shown: shown ?? '',
        asked,
        paid: answer.data.bet.cashout as number,
        payout: answer.data.bet.payout as number,
        stake: answer.data.bet.stake as number,
      };
    } catch {
      // The round crashed before the counter passed 1.05×: the next one.
    }
  }
  throw new Error('No round let the player cash out');
}

describe('Crash on a phone', () => {
  it(
    'never draws a multiplier above the crash point in 20 rounds; a cash-out pays what its button showed (en, hi)',
    { timeout: 420_000 },
    async () => {
      const { page } = await fundedPhonePlayer(site, browser, { name: 'crash_watch', password: PASSWORD });
      await openCrash(page, 'Play Crash');
      await recordFrames(page);
      const { page: hindi } = await fundedPhonePlayer(site, browser, { name: 'crash_hindi', password: PASSWORD, language: 'hi' });
      await openCrash(hindi, 'क्रैश खेलें');

      // Meanwhile a Hindi player cashes out: paid exactly what the button read at the tap.
      const cashed = await betAndCashOut(hindi, /^[\d.]+× पर कैश आउट$/);
      const shownValue = Number.parseFloat(cashed.shown);
      expect(cashed.asked).toBe(shownValue);
      expect(cashed.paid).toBe(shownValue);
      expect(cashed.payout).toBe(Math.floor(cashed.stake * Math.round(shownValue * 100)) / 100);
      await expect
        .poll(() => hindi.locator('.casino-controls [role="status"]').first().textContent())
        .toContain(`${shownValue.toFixed(2)}× पर कैश आउट`);

      // Wait until 20 rounds have crashed on the watcher's screen.
      await expect
        .poll(async () => new Set((await samplesOf(page)).filter((s) => s.phase === 'crashed').map((s) => s.round)).size, {
          timeout: 360_000,
          interval: 2_000,
        })
        .toBeGreaterThanOrEqual(ROUNDS + 1);
      const samples = await samplesOf(page);
      const crashedRounds = [...new Set(samples.filter((s) => s.phase === 'crashed').map((s) => s.round))];
      // The first round may have been joined in flight; the next 20 are seen whole.
      const whole = crashedRounds.slice(1, ROUNDS + 1);
      expect(whole).toHaveLength(ROUNDS);
      let frames = 0;
      for (const round of whole) {
        const point = await crashPointOf(round);
        const ofRound = samples.filter((s) => s.round === round);
        frames += ofRound.length;
        const above = ofRound.filter((s) => s.value > point);
        expect(above, `round ${round} crashed at ${point / 100}`).toEqual([]);
        // Every round starts from 1.00×: its first frame is the betting one, never the last round's value.
        expect(ofRound[0]).toMatchObject({ phase: 'betting', value: 100 });
        expect(ofRound.filter((s) => s.phase === 'betting').every((s) => s.value === 100)).toBe(true);
        expect(ofRound.filter((s) => s.phase === 'crashed').every((s) => s.value === point)).toBe(true);
      }
      expect(frames).toBeGreaterThan(ROUNDS * 20);
    },
  );
});
