import { createHash } from 'node:crypto';
import { type LiveRoundView, type LiveTableMessage, payoutPaise, type RoundChainView } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { drawLiveRound } from '../src/modules/live-tables';
import { apiPost, type ApiPost } from './accounts-support';
import { type CasinoTestApp, createCasinoTestApp, publishChain, tokenOf } from './casino-support';
import { testDatabaseKind } from './test-app';

/**
 * Live tables (docs/casino.md, "Live tables"). One round every BETTING + RESULT ms for every player
 * at once, on every instance: one round row, one outcome from a seed committed before betting,
 * every socket told, every bet settled once through the seamless wallet. Short timings through
 * configuration.
 */
const TABLE = 'live-andar-bahar';
const BETTING_MS = 1_500;
const RESULT_MS = 500;
const START_CASH = 100_000;
const STAKE_PAISE = 1_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
// Real time: the tables' clocks run on timers, as in production.
const realClock = { now: () => Date.now() };

interface Instance {
  app: FastifyInstance;
  post: ApiPost;
  url: string;
}

interface Watcher {
  socket: WebSocket;
  messages: LiveTableMessage[];
}

let t: CasinoTestApp;
let chain: RoundChainView;
let peer: { app: FastifyInstance; database: DatabaseHandle } | undefined;
const instances: Instance[] = [];
const watchers: Watcher[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws`;
}

async function watch(url: string): Promise<Watcher> {
  const socket = new WebSocket(url);
  const messages: LiveTableMessage[] = [];
  let onSnapshot = () => {};
  const snapshot = new Promise<void>((resolve) => (onSnapshot = resolve));
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as LiveTableMessage | { type: string };
    if (message.type !== 'table') return;
    messages.push(message as LiveTableMessage);
    if ((message as LiveTableMessage).event === 'snapshot') onSnapshot();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'table_subscribe', table: TABLE }));
  await snapshot;
  return { socket, messages };
}

async function player(name: string, on: Instance) {
  const p = await t.newPlayer(name);
  await t.credit(p.userId, START_CASH);
  const launched = await t.launch(p.token, TABLE);
  expect(launched.statusCode, launched.body).toBe(200);
  return { ...p, gameToken: tokenOf(launched.json().data.url as string), on };
}

async function stateOf(on: Instance, token: string) {
  const res = await on.post('fair/liveState', { token, table: TABLE });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { now: number; round: LiveRoundView; my_bets: { spot: string; is_settled: boolean }[] };
}

/** A round in betting with at least `margin` ms left (waits for the next one otherwise). */
async function bettingRound(on: Instance, token: string, margin = 900): Promise<LiveRoundView> {
  for (;;) {
    const { round, now } = await stateOf(on, token);
    if (round.phase === 'betting' && round.betting_ends_at - now >= margin) return round;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const resultOf = (watcher: Watcher, roundNumber: number) =>
  watcher.messages.filter((message) => message.event === 'result' && message.round?.round_number === roundNumber);

beforeAll(async () => {
  const env = {
    SEED_DEMO_DATA: '0',
    LIVE_TABLE_BETTING_MS: String(BETTING_MS),
    LIVE_TABLE_RESULT_MS: String(RESULT_MS),
  };
  t = await createCasinoTestApp({ env, clock: realClock });
  // The table's rounds walk a chain published before its first round (docs/casino-fairness.md, "Round chains").
  chain = await publishChain({ database: t.database, clock: realClock }, TABLE, { length: 500 });
  instances.push({ app: t.app, post: apiPost(t.app), url: await listen(t.app) });
  // Several instances share one database on PostgreSQL (docs/adr/0001); on SQLite one instance
  // (two in one process on one file would stall each other in the synchronous driver).
  if (testDatabaseKind() === 'postgres') {
    const { DATABASE_URL: url, DATABASE_SCHEMA: schema } = t.config;
    const database = openDatabase(url, schema ? { schema } : {});
    // Its own connections, the same bus: as Redis carries the events between server processes.
    const app = await buildApp({ config: t.config, database, clock: realClock, bus: t.app.bus });
    await app.ready();
    peer = { app, database };
    instances.push({ app, post: apiPost(app), url: await listen(app) });
  }
  for (const instance of instances) watchers.push(await watch(instance.url), await watch(instance.url));
  // Two apps and four sockets take a while on a loaded two-core machine.
}, 30_000);

afterAll(async () => {
  for (const watcher of watchers) watcher.socket.close();
  if (peer) {
    await peer.app.close();
    await peer.database.close();
  }
  await t.close();
}, 30_000);

describe(`live tables (${testDatabaseKind()}, ${testDatabaseKind() === 'postgres' ? 'two instances' : 'one instance'})`, () => {
  it('one round, one outcome from the committed seed, every socket told once, every bet settled once', async () => {
    const players = await Promise.all(
      ['livea', 'liveb', 'livec', 'lived'].map((name, index) => player(name, instances[index % instances.length] as Instance)),
    );
    const first = players[0]!;
    // Every instance shows the same round: one row, one hash.
    const round = await bettingRound(first.on, first.gameToken);
    for (const instance of instances) {
      const { round: seen } = await stateOf(instance, players[1]!.gameToken);
      expect(seen.round_number).toBe(round.round_number);
      expect(seen.server_seed_hash).toBe(round.server_seed_hash);
      expect(seen.server_seed).toBeNull();
    }
    // Bets on both spots, through every instance, before the countdown ends.
    const spots = ['andar', 'bahar', 'andar', 'bahar'];
    for (const [index, p] of players.entries()) {
      const res = await p.on.post('fair/liveBet', {
        token: p.gameToken,
        table: TABLE,
        round_number: round.round_number,
        spot: spots[index],
        stake: STAKE_PAISE / 100,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await t.cashOf(p.userId)).toBe(START_CASH - STAKE_PAISE);
    }

    // Every socket on every instance hears the result once, the same result.
    await expect.poll(() => watchers.every((watcher) => resultOf(watcher, round.round_number).length === 1)).toBe(true);
    const results = watchers.map((watcher) => resultOf(watcher, round.round_number)[0]!.round);
    for (const result of results) expect(result).toEqual(results[0]);
    const shown = results[0]!;
    expect(shown.phase).toBe('result');
    expect(shown.server_seed_hash).toBe(round.server_seed_hash);

    // The revealed seed hashes to the committed hash, and the outcome recomputes from it.
    const seed = shown.server_seed ?? '';
    expect(sha256(seed)).toBe(round.server_seed_hash);
    // The seed is the chain's hash at the round's position: hashed that many times it gives the
    // terminating hash published before the chain's first round; the client seed is the chain's salt.
    expect(shown.chain).toMatchObject({ id: chain.id, terminating_hash: chain.terminating_hash, salt_source: 'self' });
    expect(sha256(shown.chain?.salt ?? '')).toBe(chain.salt_hash);
    expect(shown.client_seed).toBe(shown.chain?.salt);
    let down = seed;
    for (let step = 0; step < (shown.chain?.position ?? 0); step += 1) down = sha256(down);
    expect(down).toBe(chain.terminating_hash);
    const drawn = drawLiveRound(TABLE, seed, shown.client_seed, round.round_number);
    expect(shown.outcome).toEqual(drawn.outcome);
    expect(shown.winning_spots).toEqual(drawn.winningSpots);
    const rows = await t.database.db
      .selectFrom('live_table_rounds')
      .select(['server_seed'])
      .where('table_code', '=', TABLE)
      .where('round_number', '=', round.round_number)
      .execute();
    expect(rows).toEqual([{ server_seed: seed }]);
    for (const instance of instances) {
      const res = await instance.app.inject({ url: `/api/fair/liveRound?table=${TABLE}&round_number=${round.round_number}` });
      expect(res.json().data).toEqual(shown);
    }

    // Every bet settled, each with exactly one win in the wallet, the balance following.
    await expect
      .poll(async () => {
        const bets = await t.database.db
          .selectFrom('live_table_bets')
          .select('status')
          .where('round_number', '=', round.round_number)
          .execute();
        return bets.filter((bet) => bet.status === 'settled').length;
      })
      .toBe(players.length);
    for (const [index, p] of players.entries()) {
      const payout = payoutPaise(STAKE_PAISE, drawn.multipliers[spots[index]!] ?? 0);
      expect(await t.cashOf(p.userId)).toBe(START_CASH - STAKE_PAISE + payout);
      const wins = await t.database.db
        .selectFrom('casino_transactions')
        .select(['amount'])
        .where('user_id', '=', p.userId)
        .where('kind', '=', 'win')
        .execute();
      expect(wins.map((win) => Number(win.amount))).toEqual([payout]);
      const mine = await stateOf(p.on, p.gameToken);
      expect(mine.my_bets.length === 0 || mine.my_bets.every((bet) => bet.is_settled)).toBe(true);
    }
  });

  it('a bet after the close is refused with 422 and moves nothing', async () => {
    const p = await player('livelate', instances[instances.length - 1] as Instance);
    const round = await bettingRound(p.on, p.gameToken, 0);
    // Wait for the close, as a player whose countdown ran out would.
    await expect
      .poll(() => watchers[0]!.messages.some((m) => m.event === 'result' && m.round?.round_number === round.round_number))
      .toBe(true);
    const res = await p.on.post('fair/liveBet', {
      token: p.gameToken,
      table: TABLE,
      round_number: round.round_number,
      spot: 'andar',
      stake: 10,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: false, code: 'REFUSED', message: expect.stringContaining('Bets are closed') });
    expect(await t.cashOf(p.userId)).toBe(START_CASH);
    const bets = await t.database.db.selectFrom('live_table_bets').select('id').where('token', '=', p.gameToken).execute();
    expect(bets).toEqual([]);
  });

  it('a player who reconnects mid-round gets the round as it is now, and their bet in it', async () => {
    const p = await player('liverejoin', instances[0] as Instance);
    const round = await bettingRound(p.on, p.gameToken);
    const bet = await p.on.post('fair/liveBet', {
      token: p.gameToken,
      table: TABLE,
      round_number: round.round_number,
      spot: 'bahar',
      stake: 10,
    });
    expect(bet.statusCode, bet.body).toBe(200);
    // A new socket (the page reloaded), on the other instance when there are two.
    const again = await watch((instances[instances.length - 1] as Instance).url);
    const snapshot = again.messages.find((message) => message.event === 'snapshot');
    expect(snapshot?.round).toMatchObject({ round_number: round.round_number, phase: 'betting', server_seed: null });
    expect(snapshot?.round?.server_seed_hash).toBe(round.server_seed_hash);
    const state = await stateOf(instances[instances.length - 1] as Instance, p.gameToken);
    expect(state.round.round_number).toBe(round.round_number);
    expect(state.my_bets).toMatchObject([{ spot: 'bahar', stake: 10, is_settled: false }]);
    again.socket.close();
  });

  it('a table whose chain is not published, or may not start yet, is closed and says why; it opens on its chain', async () => {
    const p = await player('liveclosed', instances[0] as Instance);
    const roulette = await t.launch(p.token, 'live-roulette');
    const token = tokenOf(roulette.json().data.url as string);
    const closed = await instances[0]!.post('fair/liveState', { token, table: 'live-roulette' });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toBe('Live Roulette is closed: no published round chain has rounds left');

    // Published with an hour's notice: still closed, and the message says when it opens.
    const later = await publishChain({ database: t.database, clock: realClock }, 'live-roulette', { noticeMs: 3_600_000 });
    const waiting = await instances[0]!.post('fair/liveState', { token, table: 'live-roulette' });
    expect(waiting.statusCode).toBe(422);
    expect(waiting.json().message).toMatch(
      /^Live Roulette opens at \d{4}-\d\d-\d\d \d\d:\d\d UTC, when its next published round chain may start$/,
    );
    const listed = (await t.get('fair/roundChains?game=live-roulette')).json().data.chains as RoundChainView[];
    expect(listed).toMatchObject([
      { id: later.id, status: 'queued', salt: null, salt_hash: later.salt_hash, starts_at: later.starts_at },
    ]);

    // Its notice over (the chain's start moved into the past, as if an hour went by), round 1 is the chain's first.
    await t.database.db
      .updateTable('fair_round_chains')
      .set({ starts_at: Date.now() - 1 })
      .where('id', '=', later.id)
      .execute();
    const opened = await instances[0]!.post('fair/liveState', { token, table: 'live-roulette' });
    expect(opened.statusCode, opened.body).toBe(200);
    const first = opened.json().data.round as LiveRoundView;
    expect(first.server_seed_hash).toBe(later.terminating_hash);
    expect(first.chain).toMatchObject({ id: later.id, position: 1 });
  });
});
