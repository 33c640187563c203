import { formatDecimalOdds, type MarketsSnapshot, type MatchRow, type PaintedCall } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOpenMatchOdds } from './bets-support';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

/**
 * A sports page arrives (docs/shell.md, "Speed") with its prices painted in, exactly as its first
 * calls would answer them (the test app's clock stands still, so the page and the calls see the
 * same moment).
 */
let t: WalletApiApp;

beforeAll(async () => {
  t = await createWalletApiApp({ env: { SIM_SEED: 'first-state', SIM_SPEED: '1' } });
}, 60_000);
afterAll(async () => t.close());

async function paintedCalls(url: string): Promise<PaintedCall[] | null> {
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  const state = /<script type="application\/json" id="app-state">([^<]*)<\/script>/.exec(res.body)?.[1];
  return state === undefined ? null : (JSON.parse(state) as PaintedCall[]);
}

describe('the first data painted into a sports page', () => {
  it('/sports/4 carries its series and matches as the calls answer them', async () => {
    const calls = await paintedCalls('/sports/4');
    const body = { sport_id: 4, is_active: '1' };
    const series = (await t.post('series/getSeries', body)).json().data;
    const matches = (await t.post('match/getMatches', body)).json().data as unknown[];
    expect(matches.length).toBeGreaterThan(0);
    expect(calls).toEqual([
      { path: 'series/getSeries', body, data: series },
      { path: 'match/getMatches', body, data: matches },
    ]);
  });

  it('a match page carries its markets; an unknown match or sport carries nothing', async () => {
    const { matchId } = await findOpenMatchOdds(t);
    const calls = await paintedCalls(`/sports-detail/${matchId}`);
    const snapshot = (await t.post('market/getMarkets', { match_id: matchId })).json().data as MarketsSnapshot;
    expect(calls).toEqual([{ path: 'market/getMarkets', body: { match_id: matchId }, data: snapshot }]);
    expect(await paintedCalls('/sports-detail/999999999')).toBeNull();
    expect(await paintedCalls('/sports/123')).toBeNull();
    expect(await paintedCalls('/home')).toBeNull();
  });
});

/** The texts of the painted elements matching `pattern` (its first group), in page order. */
function paintedTexts(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => match[1] ?? '');
}

describe('the first screen painted into a sports page (docs/shell.md "Speed")', () => {
  it('/sports/4 shows its first rows with the prices the calls answer, styled in the first frame', async () => {
    const res = await t.app.inject({ url: '/sports/4', headers: { cookie: 'lang=hi; tz=Asia%2FKolkata' } });
    const rows = (await t.post('match/getMatches', { sport_id: 4, is_active: '1' })).json().data as MatchRow[];
    const main = /<main id="main-content" class="shell__main" tabindex="-1">(.*?)<\/main>/s.exec(res.body)?.[1] ?? '';
    expect(paintedTexts(main, /<span class="match-row__title">([^<]*)<\/span>/g)).toEqual(
      rows.slice(0, 10).map((row) => row.name),
    );
    const first = rows.find((row) => row.match_odds?.status === 'OPEN' && row.match_odds.runners[0]?.back);
    expect(first).toBeDefined();
    expect(main).toContain(`<span class="price__main">${formatDecimalOdds(first!.match_odds!.runners[0]!.back!.odds)}</span>`);
    // Hindi texts from the built translations.
    expect(main).toContain('क्रिकेट');
    // The stylesheet's rules for its elements in the head, so nothing paints unstyled, and the
    // whole stylesheet after the content, so the first paint does not wait for it.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const style = /<style id="first-screen-style">([^]*?)<\/style>/.exec(head)?.[1] ?? '';
    expect(style).toContain('.match-row{');
    expect(style).toContain('.price--back{');
    expect(style).not.toContain('.home-hero{');
    expect(head).not.toContain('rel="stylesheet"');
    expect(res.body.indexOf('rel="stylesheet"')).toBeGreaterThan(res.body.indexOf('</main>'));
    expect(res.body).not.toContain('<!--page-main-->');
  });

  it('a match page shows its markets with the best prices; an unknown match only the frame', async () => {
    const { matchId } = await findOpenMatchOdds(t);
    const res = await t.app.inject({ url: `/sports-detail/${matchId}` });
    const snapshot = (await t.post('market/getMarkets', { match_id: matchId })).json().data as MarketsSnapshot;
    const odds = snapshot.markets.find((market) => market.market_type === 'MATCH_ODDS');
    const best = odds?.runners[0]?.back[0];
    expect(best).toBeDefined();
    expect(res.body).toContain(`<h1 class="sports-page__title">${snapshot.match.name}</h1>`);
    expect(res.body).toMatch(
      new RegExp(
        `data-testid="best-back"[^>]*><span class="price__main">${formatDecimalOdds(best!.odds).replace('.', '\\.')}</span>`,
      ),
    );
    const missing = await t.app.inject({ url: '/sports-detail/999999999' });
    expect(missing.body).not.toContain('id="main-content"');
    expect(missing.body).not.toContain('<!--page-main-->');
  });
});
