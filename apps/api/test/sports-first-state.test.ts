import type { MarketsSnapshot, PaintedCall } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOpenMatchOdds } from './bets-support';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

/**
 * Issue 27: a sports page arrives with its prices painted in, exactly as its first calls would
 * answer them (the test app's clock stands still, so the page and the calls see the same moment).
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
