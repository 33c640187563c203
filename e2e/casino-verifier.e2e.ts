import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedPhonePlayer } from './support/account-helpers';
import { launchBrowser, PHONE_VIEWPORT, type Site, startSite } from './support/site';

/**
 * The provably-fair verifier on a phone, as a player uses it (docs/casino-fairness.md, "Checking
 * rounds"): they save their commitments on the game page before playing, play, rotate, open the
 * round in the verifier, give it what they saved, and read the verdict and the outcome in words,
 * on screen above the bottom bar, in their language.
 */
const PASSWORD = 'Verifier2026';
const I18N = path.resolve(import.meta.dirname, '../apps/web/public/assets/i18n');
const texts = Object.fromEntries(
  ['en', 'hi', 'bn'].map((language) => [language, JSON.parse(readFileSync(path.join(I18N, `${language}.json`), 'utf8'))]),
) as Record<
  string,
  {
    casino: {
      verify: Record<string, unknown> & { outcome: Record<string, string> };
      gameNames: { originals: Record<string, string> };
    };
  }
>;
const BOTTOM_BAR_PX = 64;
/** Set CASINO_SCREENSHOTS=/some/dir to keep screenshots of the verifier's screens. */
const SCREENSHOT_DIR = process.env.CASINO_SCREENSHOTS;
const HASH = /^[0-9a-f]{64}$/;

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

/** Where an element sits in the phone's screen. */
const box = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom };
  });

describe('the verifier on a phone', () => {
  it.each(['en', 'hi', 'bn'])(
    'in %s: the player saves their seeds, plays Dice, and checks the round against what they saved',
    async (language) => {
      const text = texts[language]!.casino;
      const { page, context } = await fundedPhonePlayer(site, browser, {
        name: `verifier_${language}`,
        password: PASSWORD,
        language,
      });
      await page.goto('/home/group/brino-game-list/super-game');
      await page.getByTestId('game-dice').locator('.casino-tile__open').click();
      await page.waitForURL(/\/casino\/play\/dice/);
      await expect.poll(async () => (await page.getByTestId('server-seed-hash').textContent())?.trim()).toMatch(HASH);
      const shownHash = (await page.getByTestId('server-seed-hash').textContent())?.trim();

      // Saved before playing: the file the page downloads holds the hashes shown now.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('save-commitment').getByRole('button').nth(1).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^fair-commitment-dice-.+\.json$/);
      const saved = readFileSync((await download.path()) ?? '', 'utf8');
      expect(JSON.parse(saved)).toMatchObject({ kind: 'fair-commitment', game: 'dice', seeds: { server_seed_hash: shownHash } });

      await page.getByTestId('game-bet').click();
      await page.getByTestId('round-result').waitFor();
      await page.locator('.casino-seeds__form button[type="submit"]').click();
      await page.getByTestId('revealed-server-seed').waitFor();
      await page.locator('a[href*="/provably-fair?round="]').first().click();
      await page.waitForURL(/\/provably-fair\?round=/);

      // A form for the game, named in the player's language: no JSON to type.
      const verifier = page.getByTestId('round-verifier');
      await expect.poll(() => verifier.locator('select').first().inputValue(), { timeout: 10_000 }).toBe('dice');
      expect((await verifier.locator('select').first().locator('option:checked').textContent())?.trim()).toBe(
        text.gameNames.originals.dice,
      );
      await expect.poll(() => verifier.locator('input').first().inputValue(), { timeout: 10_000 }).toMatch(HASH);
      expect(await verifier.textContent()).not.toContain('JSON');
      expect(await verifier.locator('fieldset.casino-verifier__bet select').inputValue()).toBe('under');

      // Checked against what the player saved: the verdict and the outcome in words, on screen.
      await verifier.locator('textarea').fill(saved);
      await verifier.locator('button[type="submit"]').click();
      const result = page.getByTestId('verify-result');
      await expect.poll(() => result.textContent()).toContain(String(text.verify.savedSeedOk));
      const shown = (await result.textContent()) ?? '';
      expect(shown).toContain(String(text.verify.outcomeOk));
      expect(shown).toContain(String(text.verify.outcome.roll).split('{{')[0]!.trim());
      expect(shown).toMatch(/\d+\.\d\d/);
      expect(shown).not.toContain('{"roll"');
      await expect
        .poll(async () => {
          const checks = await box(page, '.casino-verifier__checks');
          return checks.top >= 0 && checks.bottom <= PHONE_VIEWPORT.height - BOTTOM_BAR_PX;
        })
        .toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
      if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/verifier-${language}.png` });

      // Nothing saved given: it says plainly that it checked the record against itself.
      await verifier.locator('textarea').fill('');
      await verifier.locator('button[type="submit"]').click();
      await expect.poll(() => result.textContent()).toContain(String(text.verify.selfOnly));
      // Another hash than the one shown before play: not the seed the player was shown.
      await verifier.locator('textarea').fill('a'.repeat(64));
      await verifier.locator('button[type="submit"]').click();
      await expect.poll(() => result.textContent()).toContain(String(text.verify.savedSeedBad));
      await context.close();
    },
    60_000,
  );

  it('a live table shows its chain, salt source labelled, and saves it; the verifier checks a round against it', async () => {
    const { page, context } = await fundedPhonePlayer(site, browser, { name: 'verifier_live', password: PASSWORD });
    await page.goto('/home/group/all-game-list/Live-Casino');
    await page.getByRole('button', { name: 'Play Live Roulette' }).first().click();
    await page.waitForURL(/\/casino\/play\/live-roulette/);
    const chain = page.getByTestId('live-chain');
    await chain.waitFor();
    const terminating = (await chain.getByTestId('chain-terminating-hash').textContent())?.trim() ?? '';
    expect(terminating).toMatch(HASH);
    const published = (await (await fetch(`${site.baseUrl}/api/fair/roundChains?game=live-roulette`)).json()).data.chains[0];
    expect(published.terminating_hash).toBe(terminating);
    // A demo install's chains are self-salted: the page says so.
    await chain.getByTestId('chain-self-salt').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      chain.getByTestId('save-commitment').getByRole('button').nth(1).click(),
    ]);
    const saved = readFileSync((await download.path()) ?? '', 'utf8');
    expect(JSON.parse(saved).chains[0]).toMatchObject({ terminating_hash: terminating, salt_source: 'self' });

    // The round in play closes now (its outcome is the chain's, whenever it closes).
    await expect.poll(async () => (await page.locator('#lt-round').textContent()) ?? '').toMatch(/\d/);
    const roundNumber = Number((await page.locator('#lt-round').textContent())?.replace(/\D/g, ''));
    await site.database.db
      .updateTable('live_table_rounds')
      .set({ betting_ends_at: Date.now() - 1_000 })
      .where('table_code', '=', 'live-roulette')
      .where('round_number', '=', roundNumber)
      .execute();
    const closed = async () =>
      (await (await fetch(`${site.baseUrl}/api/fair/liveRound?table=live-roulette&round_number=${roundNumber}`)).json()).data
        .server_seed;
    await expect.poll(closed, { timeout: 15_000 }).toMatch(HASH);
    await page.goto(`/provably-fair?live=live-roulette:${roundNumber}`);
    const verifier = page.getByTestId('live-verifier');
    await verifier.waitFor({ timeout: 15_000 });
    await verifier.locator('textarea').fill(saved);
    const checks = page.getByTestId('live-verification');
    await expect.poll(() => checks.textContent(), { timeout: 15_000 }).toContain('is a chain you saved');
    const shown = (await checks.textContent()) ?? '';
    expect(shown).toContain("gives the chain's published terminating hash");
    expect(shown).toContain('drawn by the operator (the offline fallback)');
    expect(shown).toContain("The outcome recomputed in your browser from the seed is the table's outcome.");
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/verifier-live.png`, fullPage: true });
    await context.close();
  }, 60_000);
});
