import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedPhonePlayer } from './support/account-helpers';
import { launchBrowser, PHONE_VIEWPORT, type Site, startSite } from './support/site';

const PASSWORD = 'Fairness2026';

/** Set CASINO_SCREENSHOTS=/some/dir to keep screenshots of the fairness screens. */
const SCREENSHOT_DIR = process.env.CASINO_SCREENSHOTS;
async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}
const HASH = /^[0-9a-f]{64}$/;

let site: Site;
let browser: Browser;

beforeAll(async () => {
  // A demo install: the Crash chain is published at the first start.
  site = await startSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** A player with ₹5,000, logged in on a phone. */
const phonePlayer = async (name: string): Promise<Page> =>
  (await fundedPhonePlayer(site, browser, { name, password: PASSWORD })).page;

async function openGame(page: Page, name: string, section: string): Promise<void> {
  await page.goto(section);
  await page
    .getByRole('button', { name: `Play ${name}` })
    .first()
    .click();
  await page.waitForURL(/\/casino\/play\//);
  await page.getByTestId('game-balance').waitFor();
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim() ?? '';
/** 64-character hashes never widen the page past the phone's screen. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('provable fairness on a phone', () => {
  it('shows the next server seed before the player picks the client seed, rotates to it, then verifies the round', async () => {
    const page = await phonePlayer('fair_phone');
    await openGame(page, 'Dice', '/home/group/brino-game-list/super-game');
    await expect.poll(() => text(page, 'server-seed-hash')).toMatch(HASH);
    const active = await text(page, 'server-seed-hash');
    const next = await text(page, 'next-server-seed-hash');
    expect(next).toMatch(HASH);
    expect(next).not.toBe(active);

    // The client seed for the next pair comes filled with a random suggestion made in the browser.
    const clientSeedInput = page.getByLabel('Client seed for the next pair');
    const suggested = await clientSeedInput.inputValue();
    expect(suggested).toMatch(/^[0-9a-f]{20}$/);
    await page.getByRole('button', { name: 'New random client seed' }).click();
    expect(await clientSeedInput.inputValue()).not.toBe(suggested);

    const before = await text(page, 'game-balance');
    await page.getByRole('button', { name: /^Bet ₹/ }).click();
    await page.getByTestId('round-result').waitFor();
    await expect.poll(() => text(page, 'game-balance')).not.toBe(before);

    // A client seed with a space is refused in the page; the player's own is taken for the new pair.
    await clientSeedInput.fill('has space');
    await page.getByRole('button', { name: 'Rotate seed pair' }).click();
    await page.getByText('A client seed has 1 to 64 characters and no spaces.').waitFor();
    await clientSeedInput.fill('my-own-phone-seed');
    await page.getByRole('button', { name: 'Rotate seed pair' }).click();
    await page.getByTestId('revealed-server-seed').waitFor();
    // The committed next seed is the one now in play, with the player's client seed; a new next one is shown.
    await expect.poll(() => text(page, 'server-seed-hash')).toBe(next);
    await expect.poll(() => text(page, 'client-seed')).toBe('my-own-phone-seed');
    expect(await text(page, 'next-server-seed-hash')).not.toBe(next);
    expect(await clientSeedInput.inputValue()).toMatch(/^[0-9a-f]{20}$/);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await screenshot(page, 'fair-seeds-rotated');

    await page.getByRole('link', { name: 'Verify' }).first().click();
    await page.waitForURL(/\/provably-fair\?round=/);
    const verifier = page.getByTestId('round-verifier');
    await expect.poll(() => verifier.getByLabel('Server seed (revealed)').inputValue(), { timeout: 10_000 }).toMatch(HASH);
    await verifier.getByRole('button', { name: 'Verify', exact: true }).click();
    const result = page.getByTestId('verify-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('The server seed matches the hash shown before play.');
    expect(await result.textContent()).toContain('The outcome matches the round as played.');
  });

  it('shows the Crash chain published before its first round and verifies a crashed round down to it', async () => {
    const page = await phonePlayer('fair_phone_crash');
    await openGame(page, 'Crash', '/home/group/brino-game-list/virtual-game');
    const chain = page.getByTestId('crash-chain');
    await chain.waitFor();
    const terminating = await text(page, 'chain-terminating-hash');
    expect(terminating).toMatch(HASH);
    const published = (await (await fetch(`${site.baseUrl}/api/fair/crashChains`)).json()).data.chains[0];
    expect(published.terminating_hash).toBe(terminating);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await screenshot(page, 'fair-crash-chain');
    expect(await text(page, 'crash-round-commitment')).toContain(terminating);

    // Skip the wait: the round in play crashes now (its outcome is the chain's, whenever it ends).
    const now = Date.now();
    await site.database.db
      .updateTable('fair_crash_rounds')
      .set({ betting_ends_at: now - 20_000, crashed_at: now - 10_000 })
      .where('round_number', '=', 1)
      .execute();
    const firstRound = page.getByRole('link', { name: /×$/ }).first();
    await firstRound.waitFor({ timeout: 15_000 });
    await firstRound.click();
    await page.waitForURL(/\/provably-fair\?crash=1/);
    const verifier = page.getByTestId('round-verifier');
    await expect.poll(() => verifier.getByLabel('Round hash (revealed)').inputValue(), { timeout: 10_000 }).toMatch(HASH);
    expect(await verifier.getByLabel('Terminating hash').inputValue()).toBe(terminating);
    await verifier.getByRole('button', { name: 'Verify', exact: true }).click();
    const result = page.getByTestId('verify-result');
    await result.waitFor();
    const shown = (await result.textContent()) ?? '';
    expect(shown).toContain('SHA-256 of the round hash is the previous hash.');
    expect(shown).toContain('Hashed down the chain, the round hash gives the published terminating hash.');
    expect(shown).toContain('The outcome matches the round as played.');
    await screenshot(page, 'fair-crash-verified');

    // Anyone, logged in or not, finds the published chains on /provably-fair.
    const visitor = await (
      await browser.newContext({ baseURL: site.baseUrl, viewport: PHONE_VIEWPORT, locale: 'en-US' })
    ).newPage();
    await visitor.goto('/provably-fair');
    const list = visitor.getByTestId('crash-chains');
    await expect.poll(() => list.textContent(), { timeout: 10_000 }).toContain(terminating);
    expect(await list.textContent()).toContain('in play');
    expect(await pageWidth(visitor)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await screenshot(visitor, 'fair-chains-public');
  });
});
