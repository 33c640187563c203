import type { MarketsSnapshot } from '@app/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/api/src/lib/clock';
import { moneyTransaction } from '../apps/api/src/db/unit-of-work';
import { createBonusModule } from '../apps/api/src/modules/bonus';
import { createSettlementService } from '../apps/api/src/modules/bets/settlement.service';
import { auditLedger, createMoneyModule } from '../apps/api/src/modules/money';
import { upsertSetting } from '../apps/api/src/modules/settings/settings.repository';
import { CUSTOMER_USER_TYPE, createUser } from '../apps/api/src/modules/users/users.service';
import { type SmsRecorder, smsRecorder } from '../apps/api/test/accounts-support';
import { PNG_BYTES } from '../apps/api/test/payments-support';
import { runAdminProcess } from '../apps/api/test/test-app';
import { creditFromHouse } from '../apps/api/test/wallet-support';
import { closeWelcomeBanner, dismissToasts, loginByApi } from './support/account-helpers';
import { launchBrowser, PHONE_VIEWPORT, type Site, startSite, storeLanguage } from './support/site';

/**
 * What the player sees is what happens, with money, on a phone (390×844) in two languages each:
 * sign-up cannot be sent without the age and terms confirmation; the statement reconciles and
 * says every line in the player's language; notices arrive when identity is checked and a
 * withdrawal is paid; a payment the payer left says so.
 */
const PASSWORD = 'Money2026ok';
const WAIT = { timeout: 30_000 };
/** Set TRUST_SCREENSHOTS=/some/dir to keep phone screenshots of what the journeys check. */
const SCREENSHOT_DIR = process.env.TRUST_SCREENSHOTS;
async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
}

let site: Site;
let browser: Browser;
let sms: SmsRecorder;
let players = 0;

beforeAll(async () => {
  sms = smsRecorder();
  site = await startSite({ deps: { smsProvider: sms }, env: { SIM_SEED: 'e2e-trust-money', SIM_SPEED: '1' } });
  await upsertSetting(site.database.db, 'payment_gateway', '1', Date.now());
  await upsertSetting(site.database.db, 'otp_enable', '0', Date.now());
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function api<T>(path: string, body: unknown, token?: string): Promise<{ status: boolean; data: T; message: string }> {
  const response = await fetch(`${site.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { status: boolean; data: T; message: string };
}

async function phoneContext(language: 'en' | 'hi' | 'bn'): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: site.baseUrl,
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  if (language !== 'en') await storeLanguage(context, site, language);
  return context;
}

/** A sign-up player with a mobile and `paise` of cash, logged in on a phone in `language`. */
async function payer(language: 'en' | 'hi' | 'bn', paise = 500_000) {
  players += 1;
  const userName = `money_${language}_${players}`;
  const mobile = `97000${String(players).padStart(5, '0')}`;
  const userId = await createUser(site.database.db, systemClock, {
    userName,
    password: PASSWORD,
    userTypeId: CUSTOMER_USER_TYPE,
    isSignupUser: true,
    mobile,
  });
  const { money } = createMoneyModule({ db: site.database.db, clock: systemClock });
  await moneyTransaction(site.database.db, { userIds: [userId], now: Date.now() }, (trx) =>
    creditFromHouse(money, trx, userId, paise, 'e2e'),
  );
  const context = await phoneContext(language);
  const token = await loginByApi(context, site, userName, PASSWORD);
  return { userName, userId, mobile, token, context, page: await context.newPage() };
}

/** Identity sent and approved by the operator from the command line (its own process). */
async function verified(player: { userName: string; token: string }): Promise<void> {
  const form = new FormData();
  form.set('legal_name', 'Asha Rao');
  form.set('date_of_birth', '1990-04-01');
  form.set('document', new Blob([PNG_BYTES], { type: 'image/png' }), 'id.png');
  const sent = await fetch(`${site.baseUrl}/api/kyc/submit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${player.token}` },
    body: form,
  });
  expect(sent.status, await sent.text()).toBe(200);
  const approved = await runAdminProcess(site.databaseEnv, 'kyc', 'approve', '--name', player.userName);
  expect(approved.code, approved.stderr).toBe(0);
}

/** A withdrawal asked for, approved by the operator, and paid by the sandbox a few seconds later. */
async function paidWithdrawal(player: { userName: string; token: string }, amount: number): Promise<number> {
  const destination = await api<{ destination_id: number }>(
    'payment/addDestination',
    { kind: 'upi', upi_id: `${player.userName}@okaxis` },
    player.token,
  );
  const asked = await api<{ withdraw_id: number }>(
    'payment/requestWithdraw',
    { amount, destination_id: destination.data.destination_id },
    player.token,
  );
  expect(asked.status, asked.message).toBe(true);
  const id = asked.data.withdraw_id;
  const approved = await runAdminProcess(site.databaseEnv, 'payments', 'approve', '--id', String(id));
  expect(approved.code, approved.stderr).toBe(0);
  await expect
    .poll(
      async () =>
        (await site.database.db.selectFrom('payment_withdrawals').select('status').where('id', '=', id).executeTakeFirst())
          ?.status,
      { timeout: 30_000, interval: 500 },
    )
    .toBe('paid');
  return id;
}

const used = new Set<string>();
async function openMatchOdds(): Promise<{ matchId: number; snapshot: MarketsSnapshot; index: number }> {
  const matches = await site.database.db.selectFrom('matches').select('match_id').orderBy('start_time').execute();
  for (const { match_id } of matches) {
    const snapshot = (await api<MarketsSnapshot>('market/getMarkets', { match_id: Number(match_id) })).data;
    if (!snapshot || snapshot.match.in_play || Date.parse(snapshot.match.start_time) < Date.now() + 3_600_000) continue;
    const index = snapshot.markets.findIndex(
      (market) =>
        market.market_type === 'MATCH_ODDS' &&
        market.status === 'OPEN' &&
        !used.has(market.market_id) &&
        market.runners.every((runner) => runner.back.length > 0),
    );
    if (index >= 0) {
      used.add(snapshot.markets[index]!.market_id);
      return { matchId: Number(match_id), snapshot, index };
    }
  }
  throw new Error('no open match-odds market');
}

/** "₹1,234.50" or "1,234.50" as a number; "—" as 0. */
function amountOf(text: string | null): number {
  const cleaned = (text ?? '').replace(/[₹,\s]/g, '');
  return cleaned === '' || cleaned === '—' ? 0 : Number(cleaned);
}

const TEXT = {
  en: {
    ageTerms: 'I am 18 or older and I accept the terms and conditions.',
    ageTermsError: 'Confirm that you are 18 or older and accept the terms to register.',
    register: 'Register',
    withdrawalPaid: 'Withdrawal paid',
    voidMarket: 'Void: stakes returned',
    marketName: 'Match Odds',
    held: 'held for your bets',
    identityApproved: 'Your identity is approved: you can withdraw now.',
    paidNotice: (id: number) => `Your withdrawal ${id} of ₹1,500.00 is paid.`,
    notices: 'Notices',
    abandoned: 'You left the payment page without paying',
  },
  hi: {
    ageTerms: 'मेरी उम्र 18 वर्ष या उससे अधिक है',
    ageTermsError: 'रजिस्टर करने के लिए पुष्टि करें कि आपकी उम्र 18 वर्ष या अधिक है और आप नियम स्वीकार करते हैं।',
    register: 'रजिस्टर करें',
    withdrawalPaid: 'निकासी का भुगतान हुआ',
    voidMarket: 'रद्द: स्टेक वापस',
    marketName: 'मैच ऑड्स',
    held: 'के लिए',
    identityApproved: 'आपकी पहचान स्वीकृत हो गई है: अब आप निकासी कर सकते हैं।',
    paidNotice: (id: number) => `आपकी ₹1,500.00 की निकासी ${id} का भुगतान हो गया है।`,
    notices: 'सूचनाएँ',
    abandoned: 'आपने भुगतान किए बिना भुगतान पेज छोड़ दिया',
  },
  bn: {
    ageTerms: 'আমার বয়স ১৮ বা তার বেশি',
    ageTermsError: '',
    register: '',
    withdrawalPaid: 'উত্তোলন পরিশোধিত',
    voidMarket: 'বাতিল: স্টেক ফেরত',
    marketName: 'ম্যাচ অডস',
    held: 'আটকে রাখা',
    identityApproved: '',
    paidNotice: (id: number) => `আপনার ₹1,500.00-এর উত্তোলন ${id} পরিশোধ হয়েছে।`,
    notices: 'বিজ্ঞপ্তি',
    abandoned: 'আপনি পেমেন্ট না করেই পেমেন্ট পেজ ছেড়ে গেছেন',
  },
} as const;

describe('sign-up on a phone', () => {
  it('cannot be sent without the age and terms confirmation, and records it (hi)', async () => {
    const context = await phoneContext('hi');
    const page = await context.newPage();
    await page.goto('/home');
    // The header's button says "रजिस्टर"; the form's "रजिस्टर करें".
    await page.getByRole('button', { name: 'रजिस्टर', exact: true }).first().tap();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor(WAIT);
    await dialog.locator('input[autocomplete="username"]').fill('hindi_signup');
    await dialog.locator('input[type="tel"]').fill('9812300001');
    const passwords = dialog.locator('input[autocomplete="new-password"]');
    await passwords.nth(0).fill('Sunrise2026');
    await passwords.nth(1).fill('Sunrise2026');
    await dialog.getByRole('button', { name: TEXT.hi.register, exact: true }).tap();
    await dialog.getByText(TEXT.hi.ageTermsError).waitFor(WAIT);
    expect(
      await site.database.db.selectFrom('users').select('id').where('user_name', '=', 'hindi_signup').executeTakeFirst(),
    ).toBe(undefined);
    await screenshot(page, 'signup-unticked-hi');
    await dialog.getByLabel(TEXT.hi.ageTerms).check();
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: TEXT.hi.register, exact: true }).tap()]);
    await expect
      .poll(
        async () =>
          (
            await site.database.db
              .selectFrom('users')
              .select('terms_version')
              .where('user_name', '=', 'hindi_signup')
              .executeTakeFirst()
          )?.terms_version,
        WAIT,
      )
      .toBeTruthy();
    await context.close();
  }, 120_000);
});

describe('the account statement on a phone', () => {
  it.each(['en', 'bn'] as const)(
    'reconciles line by line and says each line in the player’s language (%s)',
    async (language) => {
      const player = await payer(language, 300_000);
      // A market backed, money in while it is open, then its result; another market voided; a
      // withdrawal paid.
      const { money } = createMoneyModule({ db: site.database.db, clock: systemClock });
      const settlement = createSettlementService(site.database.db, systemClock, {
        money,
        bonuses: createBonusModule({ db: site.database.db, clock: systemClock, money }).bonuses,
      });
      const won = await openMatchOdds();
      const voided = await openMatchOdds();
      for (const target of [won, voided]) {
        const market = target.snapshot.markets[target.index]!;
        const runner = market.runners[0]!;
        const placed = await api(
          'bet/placeMarketBet',
          {
            match_id: target.matchId,
            market_id: market.market_id,
            selection_id: runner.selection_id,
            odds: runner.back[0]!.odds,
            stack: 100,
            is_back: 1,
          },
          player.token,
        );
        expect(placed.status, placed.message).toBe(true);
      }
      await moneyTransaction(site.database.db, { userIds: [player.userId], now: Date.now() }, (trx) =>
        creditFromHouse(money, trx, player.userId, 50_000, 'e2e'),
      );
      const wonMarket = won.snapshot.markets[won.index]!;
      await settlement.settle(
        `M:${wonMarket.market_id}`,
        { outcome: 'winner', winnerSelectionId: wonMarket.runners[0]!.selection_id },
        'operator',
      );
      await settlement.settle(`M:${voided.snapshot.markets[voided.index]!.market_id}`, { outcome: 'void' }, 'operator');
      await verified(player);
      const withdrawId = await paidWithdrawal(player, 1_500);

      const { page } = player;
      await page.goto('/report/account-statement');
      await closeWelcomeBanner(page);
      await dismissToasts(page);
      const rows = page.locator('.ui-table tbody tr:not(.ui-table__detail)');
      const titles = page.getByTestId('statement-title');
      await expect.poll(() => titles.allTextContents(), WAIT).toContain(TEXT[language].withdrawalPaid);
      // Every line's amount is exactly its balance less the balance of the line below it.
      const lines = await rows.evaluateAll((elements) =>
        elements
          .filter((element) => element.querySelector('[data-testid="statement-balance"]'))
          .map((element) => ({
            credit: element.querySelector('.wallet-amount--in')?.textContent ?? '',
            debit: element.querySelector('.wallet-amount--out')?.textContent ?? '',
            balance: element.querySelector('[data-testid="statement-balance"]')?.textContent ?? '',
          })),
      );
      expect(lines.length).toBeGreaterThanOrEqual(5);
      for (let index = 0; index + 1 < lines.length; index += 1) {
        const line = lines[index]!;
        const move = amountOf(line.balance) - amountOf(lines[index + 1]!.balance);
        expect(Math.round(move * 100), `line ${index}`).toBe(Math.round((amountOf(line.credit) - amountOf(line.debit)) * 100));
      }
      const balance = await api<{ free_chip: number; exposure: number }>('user/getUserBalance', {}, player.token);
      expect(amountOf(lines[0]!.balance)).toBe(balance.data.free_chip + balance.data.exposure);
      // Titled by state now, the market named in the player's language, a void with what came back.
      const texts = await titles.allTextContents();
      expect(texts).toContain(TEXT[language].voidMarket);
      const details = await page.getByTestId('statement-detail').allTextContents();
      expect(details.some((text) => text.endsWith(TEXT[language].marketName))).toBe(true);
      expect(details.some((text) => text.includes(String(withdrawId)))).toBe(true);
      expect(await page.getByTestId('statement-came-back').first().textContent()).toContain('₹100.00');
      // The market's movements in words.
      const voidRow = rows.filter({ hasText: TEXT[language].voidMarket });
      await voidRow.getByRole('button', { expanded: false }).tap();
      const movements = page.getByTestId('statement-movement');
      await expect.poll(() => movements.count(), WAIT).toBe(2);
      expect((await movements.allTextContents()).join(' ')).toContain(TEXT[language].held);
      await screenshot(page, `statement-${language}`);
      expect((await auditLedger(site.database.db)).faults).toEqual([]);
      await player.context.close();
    },
    180_000,
  );
});

describe('notices on a phone', () => {
  it.each(['en', 'hi'] as const)(
    'identity approved and a withdrawal paid reach the player on the site and by SMS (%s)',
    async (language) => {
      const player = await payer(language);
      const { page } = player;
      await page.goto('/home');
      await closeWelcomeBanner(page);
      await verified(player);
      // Coming back to the site, the notice is there: a banner above the page (no room for a bell on a phone).
      await page.reload();
      const banner = page.getByTestId('notices-banner');
      await expect.poll(() => banner.textContent(), WAIT).toContain(TEXT[language].identityApproved);
      const withdrawId = await paidWithdrawal(player, 1_500);
      await page.reload();
      await expect.poll(() => banner.textContent(), WAIT).toContain(TEXT[language].paidNotice(withdrawId));
      await screenshot(page, `notice-banner-${language}`);
      // Nothing in the header runs off a 390 px screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // The list from the banner: both notices, new; opening it marks them read.
      await banner.getByRole('button').first().tap();
      const list = page.getByTestId('notices-list');
      await list.waitFor(WAIT);
      expect(await list.getByTestId('notice').count()).toBe(2);
      expect(await list.locator('[data-new]').count()).toBe(2);
      await screenshot(page, `notice-list-${language}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => banner.count(), WAIT).toBe(0);
      // And by SMS to the player's mobile.
      await expect
        .poll(() => sms.messages.filter((message) => message.mobile === player.mobile).map((message) => message.text), WAIT)
        .toEqual(['Your identity is approved: you can withdraw now.', `Your withdrawal ${withdrawId} of ₹1,500.00 is paid.`]);
      await player.context.close();
    },
    180_000,
  );
});

describe('a payment the payer left', () => {
  it.each(['en', 'bn'] as const)(
    'says so as soon as the payer is back (%s)',
    async (language) => {
      const player = await payer(language, 100);
      const { page } = player;
      const order = await api<{ order_id: string; redirect_url: string }>(
        'payment/createDeposit',
        { amount: 500, method: 'upi' },
        player.token,
      );
      expect(order.status, order.message).toBe(true);
      await page.goto(order.data.redirect_url);
      await page.getByRole('button', { name: 'Abandon and go back' }).click();
      await page.waitForURL(/\/deposit\?order_id=D[0-9a-f]{24}$/, WAIT);
      const outcome = page.getByTestId('deposit-outcome');
      await expect.poll(() => outcome.getAttribute('data-status'), WAIT).toBe('abandoned');
      expect(await outcome.textContent()).toContain(TEXT[language].abandoned);
      await screenshot(page, `deposit-abandoned-${language}`);
      await player.context.close();
    },
    120_000,
  );
});
