import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedPhonePlayer } from './support/account-helpers';
import { launchBrowser, type Site, startSite } from './support/site';

const PASSWORD = 'SlotsPhone2026';

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

/** A player with ₹5,000, logged in on a phone. */
const phonePlayer = async (name: string): Promise<Page> =>
  (await fundedPhonePlayer(site, browser, { name, password: PASSWORD })).page;

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim() ?? '';
/** `₹4,980.00` or `You won ₹12.00 (…)` → the first amount in rupees. */
const rupees = (value: string) => Number((/[\d,]+\.\d\d/.exec(value)?.[0] ?? 'NaN').replaceAll(',', ''));

describe('slots on a phone', () => {
  it('spins a slot from the lobby: 2.5 s of reels, or none with animation off, and the balance moves by stake and win', async () => {
    const page = await phonePlayer('slots_phone');
    await page.goto('/home/group/all-game-list/slot');
    await page.getByRole('button', { name: 'Play Classic Sevens' }).first().click();
    await page.waitForURL(/\/casino\/play\/classic-sevens/);
    await page.getByTestId('game-balance').waitFor();

    // The paytable is one tap away, with the stated RTP.
    await page.getByText('Paytable').click();
    await expect.poll(() => text(page, 'slot-paytable')).toContain('96.94%');

    // Animated: the reels spin for at least 2.5 seconds before the result shows.
    const toggle = page.getByTestId('slot-animation');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    let before = rupees(await text(page, 'game-balance'));
    const startedAt = Date.now();
    await page.getByRole('button', { name: 'Spin ₹10' }).click();
    await page.getByText('Spinning…').first().waitFor();
    await page.getByTestId('round-result').waitFor();
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2_500);
    let result = await text(page, 'round-result');
    let win = result.startsWith('You won') ? rupees(result) : 0;
    await expect.poll(async () => rupees(await text(page, 'game-balance'))).toBeCloseTo(before - 10 + win, 2);

    // Animation off: the result comes with the answer, and the balance is before − stake + win.
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('button', { name: '3', exact: true }).click();
    before = rupees(await text(page, 'game-balance'));
    const previous = await page.getByTestId('round-result').getAttribute('data-round');
    await page.getByRole('button', { name: 'Spin ₹10' }).click();
    await expect.poll(() => page.getByTestId('round-result').getAttribute('data-round')).not.toBe(previous);
    result = await text(page, 'round-result');
    win = result.startsWith('You won') ? rupees(result) : 0;
    expect(rupees(await text(page, 'game-balance'))).toBeCloseTo(before - 10 + win, 2);
  });
});
