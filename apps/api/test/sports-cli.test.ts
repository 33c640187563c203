import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/run-admin';
import { manualClock } from './accounts-support';
import { createTestApp, type TestApp } from './test-app';

const clock = manualClock(Date.UTC(2026, 10, 23, 12, 0, 0));
let t: TestApp;

async function admin(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, t.config, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const post = async (path: string, payload: unknown) =>
  (await t.app.inject({ method: 'POST', url: `/api/${path}`, payload: payload as object })).json();

/** Past every instance's cache of operator changes. */
const afterCaches = () => clock.advance(2_100);

let matchId: number;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { SIM_SEED: 'cli', SIM_SPEED: '60' } });
  const upcoming = (await post('match/getUpcomingMatches', {})).data as { match_id: number; sport_id: number }[];
  matchId = upcoming.find((row) => row.sport_id === 4)!.match_id;
});
afterAll(async () => t.close());

describe('npm run admin -- sports', () => {
  it('lists fixtures with their ids, times and series', async () => {
    const { code, out } = await admin('sports', 'fixtures', '--sport', '4', '--limit', '5');
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines.length).toBe(5);
    expect(lines[0]).toMatch(/^\d+\t\d{4}-\d\d-\d\dT.*\tsport 4\tseries \d+ .*\tshown\t.+ v .+$/);
  });

  it('suspends a market (no prices offered) and resumes it', async () => {
    const before = (await post('market/getMarkets', { match_id: matchId })).data;
    const marketId = before.markets[0].market_id as string;
    expect(before.markets[0].status).toBe('OPEN');
    expect((await admin('sports', 'suspend', '--market', marketId)).out).toBe(`market ${marketId} is suspended`);
    afterCaches();
    const suspended = (await post('market/getMarkets', { match_id: matchId })).data.markets[0];
    expect(suspended.status).toBe('SUSPENDED');
    expect(
      suspended.runners.every((runner: { back: unknown[]; lay: unknown[] }) => !runner.back.length && !runner.lay.length),
    ).toBe(true);
    const row = (
      (await post('match/getUpcomingMatches', {})).data as { match_id: number; match_odds: { status: string } }[]
    ).find((item) => item.match_id === matchId);
    expect(row?.match_odds.status).toBe('SUSPENDED');

    expect((await admin('sports', 'resume', '--market', marketId)).code).toBe(0);
    afterCaches();
    expect((await post('market/getMarkets', { match_id: matchId })).data.markets[0].status).toBe('OPEN');
    const again = await admin('sports', 'resume', '--market', marketId);
    expect(again.code).not.toBe(0);
    expect(again.err).toMatch(/^error: .*not suspended/);
  });

  it('suspends a fancy line', async () => {
    const fancyId = (await post('market/getMarkets', { match_id: matchId })).data.fancy[0].fancy_id as number;
    expect((await admin('sports', 'suspend', '--fancy', String(fancyId))).code).toBe(0);
    afterCaches();
    const line = (await post('market/getMarkets', { match_id: matchId })).data.fancy[0];
    expect(line).toMatchObject({ fancy_id: fancyId, status: 'SUSPENDED', run_no: null, run_yes: null });
    await admin('sports', 'resume', '--fancy', String(fancyId));
  });

  it('hides and shows a match and a series', async () => {
    expect((await admin('sports', 'match-active', '--id', String(matchId), '--active', '0')).out).toBe(
      `match ${matchId} is now hidden`,
    );
    afterCaches();
    const hidden = await t.app.inject({ method: 'POST', url: '/api/market/getMarkets', payload: { match_id: matchId } });
    expect(hidden.statusCode).toBe(404);
    expect(
      ((await post('match/getMatches', { sport_id: 4, is_active: '1' })).data as { match_id: number }[]).map((r) => r.match_id),
    ).not.toContain(matchId);
    await admin('sports', 'match-active', '--id', String(matchId), '--active', '1');

    const series = (await post('series/getSeries', { sport_id: 4, is_active: '1' })).data as { series_id: number }[];
    const seriesId = series[0]!.series_id;
    expect((await admin('sports', 'series-active', '--id', String(seriesId), '--active', '0')).code).toBe(0);
    const after = (await post('series/getSeries', { sport_id: 4, is_active: '1' })).data as { series_id: number }[];
    expect(after.map((row) => row.series_id)).not.toContain(seriesId);
    await admin('sports', 'series-active', '--id', String(seriesId), '--active', '1');
  });

  it('refuses bad or unknown targets without changing anything', async () => {
    expect((await admin('sports', 'suspend')).err).toMatch(/exactly one of --market/);
    expect((await admin('sports', 'suspend', '--market', '1.999999901')).err).toMatch(/No market has id/);
    expect((await admin('sports', 'suspend', '--market', "1' or 1=1")).code).not.toBe(0);
    expect((await admin('sports', 'match-active', '--id', '5', '--active', 'yes')).err).toMatch(/--active must be 1 or 0/);
    expect((await t.database.db.selectFrom('feed_suspensions').selectAll().execute()).length).toBe(0);
  });
});
