import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Fancy, Market, MarketsSnapshot, MatchRow } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createPeerApp, createTestApp, type PeerApp, runAdminProcess, type TestApp } from './test-app';

/**
 * docs/sports.md "Market states": a market or fancy line declared, voided or suspended by an
 * operator (the CLI, in its own process) shows that state without prices in every view of every
 * instance, and in the next live delta, within the 2 s the caches allow. Placement agrees.
 */
let t: TestApp;
let peer: PeerApp;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  // 60×: a T20 match lasts 3.5 minutes and one starts every few minutes, so one is in play.
  t = await createTestApp({ env: { SIM_SEED: `states${Date.now()}`, SIM_SPEED: '60' } });
  peer = await createPeerApp(t);
  for (const app of [t.app, peer.app]) await app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await peer?.close();
  await t?.close();
});

const post = async <T>(app: FastifyInstance, path: string, payload: object, token?: string): Promise<T> => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload,
    headers: token ? { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() } : {},
  });
  return res.json() as T;
};
const data = async <T>(app: FastifyInstance, path: string, payload: object) => (await post<{ data: T }>(app, path, payload)).data;

/** Waits for `condition` (hooks cannot use expect.poll). */
async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A socket on `app` that follows `matchIds` and keeps every delta. */
async function watch(app: FastifyInstance, matchIds: number[]): Promise<Record<string, unknown>[]> {
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
  sockets.push(socket);
  const messages: Record<string, unknown>[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as Record<string, unknown>));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  for (const matchId of matchIds) socket.send(JSON.stringify({ type: 'subscribe', match_id: matchId }));
  await until(() => messages.filter((m) => m.type === 'subscribed').length === matchIds.length, 20_000, 'the subscriptions');
  return messages;
}

interface Shown {
  status: string;
  closed_by?: string;
  priced: boolean;
}

const shownMarket = (market: Market | undefined): Shown | undefined =>
  market && {
    status: market.status,
    ...(market.closed_by ? { closed_by: market.closed_by } : {}),
    priced: market.runners.some((runner) => runner.back.length > 0 || runner.lay.length > 0),
  };
const shownRow = (row: MatchRow | undefined): Shown | undefined =>
  row?.match_odds
    ? {
        status: row.match_odds.status,
        ...(row.match_odds.closed_by ? { closed_by: row.match_odds.closed_by } : {}),
        priced: row.match_odds.runners.some((runner) => runner.back !== null || runner.lay !== null),
      }
    : undefined;
const shownFancy = (line: Fancy | undefined): Shown | undefined =>
  line && {
    status: line.status,
    ...(line.closed_by ? { closed_by: line.closed_by } : {}),
    priced: line.run_no !== null || line.run_yes !== null,
  };

/** What each view of one instance shows of a match's match-odds market. */
async function marketViews(
  app: FastifyInstance,
  match: MatchRow,
  list: 'live' | 'upcoming',
): Promise<Record<string, Shown | undefined>> {
  const snapshot = await data<MarketsSnapshot>(app, 'market/getMarkets', { match_id: match.match_id });
  const rowIn = (rows: MatchRow[]) => shownRow(rows.find((row) => row.match_id === match.match_id));
  const listed = await data<MatchRow[]>(app, list === 'live' ? 'match/getLiveMatches' : 'match/getUpcomingMatches', {});
  return {
    getMarkets: shownMarket(snapshot.markets.find((market) => market.market_type === 'MATCH_ODDS')),
    getMatches: rowIn(await data<MatchRow[]>(app, 'match/getMatches', { sport_id: 4, is_active: '1' })),
    [list]: rowIn(listed),
    search: rowIn(await data<MatchRow[]>(app, 'match/searchByMatchNameHeader', { search: match.name })),
  };
}

/** The latest state a socket's deltas gave a market (or fancy line). */
function fromDeltas(
  messages: Record<string, unknown>[],
  matchId: number,
  pick: (delta: { markets: Market[]; fancy: Fancy[] }) => Shown | undefined,
) {
  let latest: Shown | undefined;
  for (const message of messages) {
    if (message.type !== 'delta' || message.match_id !== matchId) continue;
    latest = pick(message as unknown as { markets: Market[]; fancy: Fancy[] }) ?? latest;
  }
  return latest;
}

async function admin(...argv: string[]): Promise<string> {
  const result = await runAdminProcess(t.databaseEnv, ...argv);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

let live: MatchRow;
let upcoming: MatchRow[];
let watchers: Record<string, unknown>[][];
let token: string;

describe('market states are one truth', () => {
  beforeAll(async () => {
    // A cricket match in play with over a minute still to go (at 60× one starts every few minutes).
    await until(
      async () => {
        const rows = await data<MatchRow[]>(t.app, 'match/getLiveMatches', {});
        const ids = rows.filter((row) => row.sport_id === 4).map((row) => row.match_id);
        if (!ids.length) return false;
        const fresh = await t.database.db
          .selectFrom('matches')
          .select('match_id')
          .where('match_id', 'in', ids)
          .where('end_by', '>', Date.now() + 75_000)
          .executeTakeFirst();
        live = rows.find((row) => row.match_id === Number(fresh?.match_id))!;
        return live !== undefined;
      },
      240_000,
      'a cricket match in play',
    );
    const later = await data<MatchRow[]>(t.app, 'match/getUpcomingMatches', {});
    upcoming = later.filter((row) => row.sport_id === 4 && Date.parse(row.start_time) > Date.now() + 120_000).slice(0, 2);
    expect(upcoming).toHaveLength(2);
    const ids = [live.match_id, ...upcoming.map((row) => row.match_id)];
    watchers = [await watch(t.app, ids), await watch(peer.app, ids)];
    token = (await data<{ token: string }>(t.app, 'user/demoLogin', { user_name: 'demo' })).token;
  }, 300_000);

  it('a declared result: closed, no prices, in every call, both instances and both sockets; placement refuses', async () => {
    const snapshot = await data<MarketsSnapshot>(t.app, 'market/getMarkets', { match_id: live.match_id });
    const market = snapshot.markets.find((item) => item.market_type === 'MATCH_ODDS')!;
    const line = snapshot.fancy.find((item) => item.name.startsWith('20 over runs')) ?? snapshot.fancy.at(-1)!;
    await admin('market', 'result', '--market', market.market_id, '--winner', String(market.runners[0]!.selection_id));
    await admin('fancy', 'result', '--fancy', String(line.fancy_id), '--run', '150');
    const closed = { status: 'CLOSED', closed_by: 'result', priced: false };
    for (const app of [t.app, peer.app]) {
      await expect
        .poll(() => marketViews(app, live, 'live'))
        .toEqual({ getMarkets: closed, getMatches: closed, live: closed, search: closed });
      await expect
        .poll(async () =>
          shownFancy(
            (await data<MarketsSnapshot>(app, 'market/getMarkets', { match_id: live.match_id })).fancy.find(
              (f) => f.fancy_id === line.fancy_id,
            ),
          ),
        )
        .toEqual(closed);
    }
    for (const messages of watchers) {
      await expect
        .poll(() =>
          fromDeltas(messages, live.match_id, (d) => shownMarket(d.markets.find((m) => m.market_id === market.market_id))),
        )
        .toEqual(closed);
      await expect
        .poll(() => fromDeltas(messages, live.match_id, (d) => shownFancy(d.fancy.find((f) => f.fancy_id === line.fancy_id))))
        .toEqual(closed);
    }
    const refused = await post<{ code: string }>(
      t.app,
      'bet/placeMarketBet',
      {
        match_id: live.match_id,
        market_id: market.market_id,
        selection_id: market.runners[0]!.selection_id,
        odds: 2,
        stack: 100,
        is_back: 1,
      },
      token,
    );
    expect(refused.code).toBe('MARKET_CLOSED');
  }, 120_000);

  it('an operator suspension: suspended, no prices, everywhere; placement refuses; resume reopens it', async () => {
    const match = upcoming[0]!;
    const marketId = match.match_odds!.market_id;
    await admin('sports', 'suspend', '--market', marketId);
    const suspended = { status: 'SUSPENDED', priced: false };
    for (const app of [t.app, peer.app]) {
      await expect
        .poll(() => marketViews(app, match, 'upcoming'))
        .toEqual({ getMarkets: suspended, getMatches: suspended, upcoming: suspended, search: suspended });
    }
    for (const messages of watchers) {
      await expect
        .poll(() => fromDeltas(messages, match.match_id, (d) => shownMarket(d.markets.find((m) => m.market_id === marketId))))
        .toEqual(suspended);
    }
    const runner = match.match_odds!.runners[0]!;
    const refused = await post<{ code: string }>(
      t.app,
      'bet/placeMarketBet',
      {
        match_id: match.match_id,
        market_id: marketId,
        selection_id: runner.selection_id,
        odds: 1.01,
        stack: 100,
        is_back: 1,
      },
      token,
    );
    expect(refused.code).toBe('MARKET_SUSPENDED');

    await admin('sports', 'resume', '--market', marketId);
    for (const app of [t.app, peer.app]) {
      await expect
        .poll(async () => (await marketViews(app, match, 'upcoming')).getMarkets)
        .toEqual({ status: 'OPEN', priced: true });
    }
  }, 120_000);

  it('a void: closed as void, no prices, everywhere; placement refuses', async () => {
    const match = upcoming[1]!;
    const marketId = match.match_odds!.market_id;
    await admin('market', 'void', '--market', marketId);
    const voided = { status: 'CLOSED', closed_by: 'void', priced: false };
    for (const app of [t.app, peer.app]) {
      await expect
        .poll(() => marketViews(app, match, 'upcoming'))
        .toEqual({ getMarkets: voided, getMatches: voided, upcoming: voided, search: voided });
    }
    for (const messages of watchers) {
      await expect
        .poll(() => fromDeltas(messages, match.match_id, (d) => shownMarket(d.markets.find((m) => m.market_id === marketId))))
        .toEqual(voided);
    }
    const refused = await post<{ code: string }>(
      t.app,
      'bet/placeMarketBet',
      {
        match_id: match.match_id,
        market_id: marketId,
        selection_id: match.match_odds!.runners[0]!.selection_id,
        odds: 1.01,
        stack: 100,
        is_back: 1,
      },
      token,
    );
    expect(refused.code).toBe('MARKET_CLOSED');
  }, 120_000);
});
