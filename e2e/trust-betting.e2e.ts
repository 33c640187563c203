import type { MarketsSnapshot, MatchRow } from '@app/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyTransaction } from '../apps/api/src/db/unit-of-work';
import { createMoneyModule } from '../apps/api/src/modules/money';
import { CUSTOMER_USER_TYPE, createUser } from '../apps/api/src/modules/users/users.service';
import { type ManualClock, manualClock } from '../apps/api/test/accounts-support';
import { creditFromHouse } from '../apps/api/test/wallet-support';
import { closeWelcomeBanner, dismissToasts, loginByApi } from './support/account-helpers';
import { launchBrowser, PHONE_VIEWPORT, type Site, startSite, storeLanguage } from './support/site';

/**
 * What the player sees is what happens, on a phone (390×844) in two languages each: a bet takes
 * the best price on offer and the slip says so (docs/betting.md "Best execution"); an in-play
 * refusal that does not depend on the price comes before the delay; a Place market's book shows
 * every runner's truth; current bets total the header's exposure and say how. The site's clock
 * stands still unless a test moves it, so the prices read here are the prices a bet meets.
 */
const PASSWORD = 'Trust2026ok';
/** Set TRUST_SCREENSHOTS=/some/dir to keep phone screenshots of what the journeys check. */
const SCREENSHOT_DIR = process.env.TRUST_SCREENSHOTS;
async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}
const WAIT = { timeout: 30_000 };

let site: Site;
let browser: Browser;
let clock: ManualClock;
let players = 0;

beforeAll(async () => {
  clock = manualClock(Date.now());
  site = await startSite({ clock, env: { SIM_SEED: 'e2e-trust', SIM_SPEED: '1' } });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function post<T>(path: string, body: unknown, token?: string): Promise<{ status: boolean; data: T; code?: string }> {
  const response = await fetch(`${site.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { status: boolean; data: T; code?: string };
}

/** A funded player logged in on a phone in `language`. */
async function phonePlayer(language: 'en' | 'hi' | 'bn'): Promise<{ context: BrowserContext; page: Page; token: string }> {
  players += 1;
  const userName = `trust_${language}_${players}`;
  const userId = await createUser(site.database.db, clock, { userName, password: PASSWORD, userTypeId: CUSTOMER_USER_TYPE });
  const { money } = createMoneyModule({ db: site.database.db, clock });
  await moneyTransaction(site.database.db, { userIds: [userId], now: clock.now() }, (trx) =>
    creditFromHouse(money, trx, userId, 1_000_000, 'e2e'),
  );
  const context = await browser.newContext({
    baseURL: site.baseUrl,
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  if (language !== 'en') await storeLanguage(context, site, language);
  const token = await loginByApi(context, site, userName, PASSWORD);
  return { context, page: await context.newPage(), token };
}

const used = new Set<string>();

/** An open cricket or football match-odds market, before the start or in play, every runner priced; `isExclusive`: one no other journey of this file takes. */
async function matchOdds(
  inPlay: boolean,
  { isExclusive = true } = {},
): Promise<{ matchId: number; snapshot: MarketsSnapshot; marketIndex: number }> {
  // The simulator suspends markets now and then (a wicket, a goal): look again for a while.
  for (let look = 0; look < 20; look += 1) {
    const found = await findMatchOdds(inPlay, isExclusive);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }
  throw new Error(`no open match-odds market (in play: ${inPlay})`);
}

async function findMatchOdds(
  inPlay: boolean,
  isExclusive: boolean,
): Promise<{ matchId: number; snapshot: MarketsSnapshot; marketIndex: number } | undefined> {
  const matches = await site.database.db.selectFrom('matches').select('match_id').orderBy('start_time').execute();
  for (const { match_id } of matches) {
    const snapshot = (await post<MarketsSnapshot>('market/getMarkets', { match_id: Number(match_id) })).data;
    if (!snapshot || snapshot.match.in_play !== inPlay) continue;
    if (!inPlay && Date.parse(snapshot.match.start_time) < clock.now() + 3_600_000) continue;
    const marketIndex = snapshot.markets.findIndex(
      (market) =>
        market.market_type === 'MATCH_ODDS' &&
        market.status === 'OPEN' &&
        !(isExclusive && used.has(market.market_id)) &&
        market.runners.every((runner) => runner.back.length > 0 && runner.lay.length > 0) &&
        (!inPlay || market.bet_delay_s > 0),
    );
    if (marketIndex >= 0) {
      if (isExclusive) used.add(snapshot.markets[marketIndex]!.market_id);
      return { matchId: Number(match_id), snapshot, marketIndex };
    }
  }
  return undefined;
}

/** What each language says, as the site's en, hi and bn texts have it. */
const TEXT = {
  en: {
    best: (price: string) => `Best price on offer: ${price} — your bet takes it`,
    better: (asked: string) => `(better than the ${asked} asked)`,
    lowerOdds: 'Lower the odds by 0.02',
    limit: 'daily stake limit of ₹50.00',
    placed: (amount: string) => `Placed ${amount}`,
    placeTab: 'Place',
    exposure: 'Exposure',
    how: 'Exposure is what you can lose at worst',
  },
  hi: {
    best: (price: string) => `सबसे अच्छा उपलब्ध भाव: ${price} — आपका दांव यही लेगा`,
    better: (asked: string) => `(माँगे गए ${asked} से बेहतर)`,
    lowerOdds: 'भाव 0.02 घटाएँ',
    limit: 'दैनिक स्टेक सीमा',
    placed: (amount: string) => `प्लेस हो तो ${amount}`,
    placeTab: 'प्लेस',
    exposure: 'एक्सपोज़र',
    how: 'एक्सपोज़र वह है जो आप अधिकतम हार सकते हैं',
  },
  bn: {
    best: (price: string) => `সেরা দর এখন: ${price} — আপনার বাজি এটাই পাবে`,
    better: (asked: string) => `(চাওয়া ${asked}-এর চেয়ে ভালো)`,
    lowerOdds: 'দর 0.02 কমান',
    limit: '',
    placed: (amount: string) => `প্লেস হলে ${amount}`,
    placeTab: 'প্লেস',
    exposure: 'এক্সপোজার',
    how: 'এক্সপোজার হলো আপনি সবচেয়ে বেশি যা হারাতে পারেন',
  },
} as const;

const money = (rupees: number) => rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('best execution on a phone', () => {
  it.each(['en', 'hi'] as const)(
    'takes the better price on offer and says so in the slip and the confirmation (%s)',
    async (language) => {
      const { matchId, snapshot, marketIndex } = await matchOdds(false);
      const market = snapshot.markets[marketIndex]!;
      const runner = market.runners[0]!;
      const offered = runner.back[0]!.odds;
      const { context, page, token } = await phonePlayer(language);
      await page.goto(`/sports-detail/${matchId}`);
      await closeWelcomeBanner(page);
      const row = page.getByTestId('market-MATCH_ODDS').getByTestId('runner').filter({ hasText: runner.name }).first();
      const best = row.getByTestId('best-back');
      await expect.poll(() => best.textContent(), WAIT).toContain(String(offered));
      await best.tap();
      const slip = page.getByTestId('bet-slip');
      await slip.waitFor(WAIT);
      await page.getByTestId('bet-slip-stake').fill('100');
      // The player asks for less than is offered (two steps down)…
      const stepDown = slip.getByRole('button', { name: TEXT[language].lowerOdds });
      await stepDown.tap();
      await stepDown.tap();
      const asked = (offered - 0.04).toFixed(2);
      await expect.poll(() => slip.getByTestId('bet-slip-odds').textContent(), WAIT).toBe(asked);
      // …and the slip says the bet takes the better price on offer, with nothing to tap for it.
      await expect
        .poll(() => slip.getByTestId('bet-slip-best').textContent(), WAIT)
        .toBe(TEXT[language].best(offered.toFixed(2)));
      expect(await slip.getByTestId('bet-slip-use-live').count()).toBe(0);
      // "Accept any price" starts unticked: it is only about a worse price.
      expect(await slip.getByTestId('bet-slip-any-odds').isChecked()).toBe(false);
      await screenshot(page, `best-price-${language}`);

      await page.getByTestId('bet-slip-place').tap();
      const toast = page.getByTestId('toast').first();
      await toast.waitFor(WAIT);
      expect(await toast.textContent()).toContain(offered.toFixed(2));
      expect(await toast.textContent()).toContain(TEXT[language].better(asked));
      const bets = (await post<{ rows: { odds: number }[] }>('report/currentBets', {}, token)).data;
      expect(bets.rows.map((bet) => bet.odds)).toEqual([offered]);
      await context.close();
    },
    120_000,
  );
});

describe('refusals before the in-play delay on a phone', () => {
  it.each(['en', 'hi'] as const)(
    'a stake limit refuses an in-play bet at once, not after the delay (%s)',
    async (language) => {
      // Refused before anything is placed: both languages may try the same market.
      const { matchId, snapshot, marketIndex } = await matchOdds(true, { isExclusive: false });
      const market = snapshot.markets[marketIndex]!;
      const runner = market.runners[0]!;
      const { context, page, token } = await phonePlayer(language);
      expect((await post('rg/setLimit', { kind: 'stake', period: 'day', amount: 50 }, token)).status).toBe(true);
      await page.goto(`/sports-detail/${matchId}`);
      await closeWelcomeBanner(page);
      const row = page.getByTestId('market-MATCH_ODDS').getByTestId('runner').filter({ hasText: runner.name }).first();
      await row.getByTestId('best-back').tap();
      const slip = page.getByTestId('bet-slip');
      await slip.waitFor(WAIT);
      await page.getByTestId('bet-slip-stake').fill('100');
      // The button says the bet waits the market's delay…
      const place = page.getByTestId('bet-slip-place');
      await expect.poll(() => place.textContent(), WAIT).toContain(String(market.bet_delay_s));
      await place.tap();
      // …but the limit refusal comes before it: well inside the delay, in the slip.
      const refusal = slip.getByTestId('bet-slip-refusal');
      await expect.poll(() => refusal.isVisible(), { timeout: (market.bet_delay_s * 1000) / 2 }).toBe(true);
      expect(await refusal.textContent()).toContain(TEXT[language].limit);
      expect(await page.getByTestId('balance-exposure').textContent()).toBe('₹0.00');
      await context.close();
    },
    120_000,
  );
});

/** A race still to start (the site's clock stands still) with a Win and a Place market. */
async function raceWithPlace(): Promise<MarketsSnapshot> {
  for (const sportId of [7, 4339]) {
    const rows = (await post<MatchRow[]>('match/getMatches', { sport_id: sportId, is_active: '1' })).data;
    for (const row of rows.filter((item) => !item.in_play && !item.placings)) {
      const snapshot = (await post<MarketsSnapshot>('market/getMarkets', { match_id: row.match_id })).data;
      const place = snapshot.markets.find((market) => market.market_type === 'PLACE');
      if (place?.status === 'OPEN' && !used.has(place.market_id) && place.runners.every((runner) => runner.back.length > 0)) {
        used.add(place.market_id);
        return snapshot;
      }
    }
  }
  throw new Error('no race with an open Place market');
}

describe('books on a phone', () => {
  it.each(['en', 'bn'] as const)(
    'a Place market after one back: every runner shows its truth, none a green 0.00 (%s)',
    async (language) => {
      const race = await raceWithPlace();
      const place = race.markets.find((market) => market.market_type === 'PLACE')!;
      const backed = place.runners[0]!;
      const { context, page, token } = await phonePlayer(language);
      const bet = await post<{ odds: number; possible_win: number }>(
        'bet/placeMarketBet',
        {
          match_id: race.match.match_id,
          market_id: place.market_id,
          selection_id: backed.selection_id,
          odds: backed.back[0]!.odds,
          stack: 100,
          is_back: 1,
        },
        token,
      );
      expect(bet.status).toBe(true);
      await page.goto(`/sports-racing-detail/${race.match.match_id}`);
      await closeWelcomeBanner(page);
      await page.getByRole('tab', { name: TEXT[language].placeTab }).click();
      const market = page.getByTestId('market-PLACE');
      const books = market.getByTestId('runner-book-placed');
      await expect.poll(() => books.count(), WAIT).toBe(place.runners.length);
      const texts = await books.allTextContents();
      const win = `+₹${money(bet.data.possible_win)}`;
      expect(texts[0]).toBe(TEXT[language].placed(win));
      for (const text of texts.slice(1)) {
        // If another runner places, the backed one may or may not place with it: −100.00 to +win.
        expect(text).toContain('−₹100.00');
        expect(text).toContain(win);
        expect(text).not.toBe(TEXT[language].placed('₹0.00'));
      }
      await market.getByTestId('runner-book-placed').first().scrollIntoViewIfNeeded();
      await screenshot(page, `place-book-${language}`);
      // What the backed runner costs if it is not placed.
      expect(await market.getByTestId('runner-book-unplaced').first().textContent()).toContain('−₹100.00');
      await context.close();
    },
    120_000,
  );

  it.each(['en', 'hi'] as const)(
    'current bets total the header’s exposure, hedges netted, and say how (%s)',
    async (language) => {
      const { matchId, snapshot, marketIndex } = await matchOdds(false);
      const market = snapshot.markets[marketIndex]!;
      const runner = market.runners[0]!;
      const { context, page, token } = await phonePlayer(language);
      for (const [isBack, odds] of [
        [1, runner.back[0]!.odds],
        [0, runner.lay[0]!.odds],
      ] as const) {
        const placed = await post(
          'bet/placeMarketBet',
          {
            match_id: matchId,
            market_id: market.market_id,
            selection_id: runner.selection_id,
            odds,
            stack: 200,
            is_back: isBack,
          },
          token,
        );
        expect(placed.status).toBe(true);
      }
      await page.goto('/report/current-bets');
      await closeWelcomeBanner(page);
      await dismissToasts(page);
      const exposure = page.getByTestId('current-exposure');
      const header = page.getByTestId('balance-exposure');
      await expect.poll(() => header.textContent(), WAIT).not.toBe('₹0.00');
      await expect.poll(() => exposure.textContent(), WAIT).toBe(await header.textContent());
      expect(await page.getByTestId('current-exposure-how').textContent()).toContain(TEXT[language].how);
      await screenshot(page, `current-bets-${language}`);
      expect(await page.locator('.bets-totals').textContent()).toContain(TEXT[language].exposure);
      await context.close();
    },
    120_000,
  );
});
