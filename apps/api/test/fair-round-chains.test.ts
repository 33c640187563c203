import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CRASH_PAUSE_MS,
  type CrashRoundView,
  type LiveRoundView,
  QUICKNET,
  quicknetLatestRound,
  quicknetRoundTime,
  type RoundChainView,
} from '@app/shared';
import { beaconRandomness } from '@app/shared/drand-verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import recorded from '../../../packages/shared/src/domain/fair/fixtures/drand-quicknet/rounds.json';
import { runAdmin } from '../src/cli/run-admin';
import { crashPointOf } from '../src/modules/fair-games/crash.service';
import { type CasinoTestApp, createCasinoTestApp, tokenOf } from './casino-support';

/**
 * Round chains salted by a drand quicknet round announced with them (docs/casino-fairness.md, "A
 * salt nobody chooses"), on rounds the network really signed (recorded, kept in
 * packages/shared/src/domain/fair/fixtures/drand-quicknet). The relays are HTTP servers on this
 * machine: one honest (it serves the recorded rounds, once it is "up"), one that answers every
 * round with another round's valid signature, and neither is trusted: every answer is checked
 * against quicknet's public key.
 */
const EARLY = recorded.find((round) => round.round === 123)!;
const LATE = recorded.find((round) => round.round === 12040883)!;
const DAY_MS = 24 * 60 * 60 * 1000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let t: CasinoTestApp;
let honestUp = false;
const asked = { honest: [] as number[], forger: [] as number[] };
const relays: Server[] = [];

async function relay(answer: (round: number) => { status: number; body?: unknown }, log: number[]): Promise<string> {
  const server = createServer((request, response) => {
    const match = new RegExp(`^/${QUICKNET.chainHash}/public/(\\d+)$`).exec(request.url ?? '');
    const round = Number(match?.[1] ?? 0);
    log.push(round);
    const { status, body } = match ? answer(round) : { status: 404 };
    response.writeHead(status, { 'content-type': 'application/json' }).end(body === undefined ? '' : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relays.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const forger = await relay(
    // A real signature, of another round: it must not pass for the one asked.
    (round) => ({ status: 200, body: { round, signature: EARLY.signature, randomness: beaconRandomness(EARLY.signature) } }),
    asked.forger,
  );
  const honest = await relay((round) => {
    const found = recorded.find((entry) => entry.round === round);
    if (!honestUp) return { status: 503 };
    return found ? { status: 200, body: { round, signature: found.signature } } : { status: 404 };
  }, asked.honest);
  // A day before round 123 came out: chains published now are salted by it.
  t = await createCasinoTestApp({
    env: { SEED_DEMO_DATA: '0', DRAND_RELAYS: `${forger},${honest}` },
    clockStart: quicknetRoundTime(EARLY.round) - DAY_MS,
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all(relays.map((server) => new Promise((resolve) => server.close(resolve))));
});

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, t.config, { out: (line) => out.push(line), err: (line) => err.push(line) }, t.clock);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function gameToken(name: string, game: string) {
  const p = await t.newPlayer(name);
  await t.credit(p.userId, 10_000);
  return tokenOf((await t.launch(p.token, game)).json().data.url as string);
}

const chainsOf = async (game: string) => (await t.get(`fair/roundChains?game=${game}`)).json().data.chains as RoundChainView[];

describe('chains salted by a drand round announced in advance', () => {
  let teenPatti: RoundChainView;

  it('publishes a live table chain with a day’s notice and the quicknet round due at its start, not out yet', async () => {
    const run = await admin('fair', 'chain', 'create', '--game', 'live-teen-patti', '--length', '5', '--docs', 'none');
    expect(run.code, run.err).toBe(0);
    [teenPatti] = (await chainsOf('live-teen-patti')) as [RoundChainView];
    expect(teenPatti).toMatchObject({
      game_code: 'live-teen-patti',
      salt_source: 'drand',
      salt: null,
      salt_hash: null,
      status: 'queued',
      beacon: {
        network: 'quicknet',
        chain_hash: QUICKNET.chainHash,
        public_key: QUICKNET.publicKey,
        round: EARLY.round,
        round_at: new Date(quicknetRoundTime(EARLY.round)).toISOString(),
        signature: null,
      },
    });
    expect(Date.parse(teenPatti.starts_at) - Date.parse(teenPatti.published_at)).toBe(DAY_MS);
    // Nobody, the operator included, knew the salt when the chain was drawn: its round was a day away.
    expect(teenPatti.beacon!.round).toBeGreaterThan(quicknetLatestRound(Date.parse(teenPatti.published_at)));
    expect(run.out).toContain(`salt: drand quicknet round ${EARLY.round} (out at 2023-08-23 15:15:33 UTC`);
    expect(run.out).toContain('starts no earlier than 2023-08-23 15:15:33 UTC');
  });

  it('takes a beacon round given by hand only if its signature verifies for the announced round', async () => {
    const forged = await admin('fair', 'chain', 'beacon', '--chain', String(teenPatti.id), '--signature', LATE.signature);
    expect(forged.code).toBe(1);
    expect(forged.err).toBe(
      `error: That is not drand quicknet round ${EARLY.round}: the signature does not verify for round ${EARLY.round}`,
    );
    const garbage = await admin('fair', 'chain', 'beacon', '--chain', String(teenPatti.id), '--signature', 'ab'.repeat(48));
    expect(garbage.code).toBe(1);
    expect((await chainsOf('live-teen-patti'))[0]).toMatchObject({ salt: null, beacon: { signature: null } });

    const given = await admin('fair', 'chain', 'beacon', '--chain', String(teenPatti.id), '--signature', EARLY.signature);
    expect(given.code, given.err).toBe(0);
    const salt = beaconRandomness(EARLY.signature);
    expect((await chainsOf('live-teen-patti'))[0]).toMatchObject({ salt, beacon: { signature: EARLY.signature } });
    expect((await admin('fair', 'chain', 'beacon', '--chain', String(teenPatti.id), '--signature', EARLY.signature)).code).toBe(
      1,
    );

    // Before its start the table stays closed, beacon or not; from its start it plays the chain.
    const token = await gameToken('beaconlive', 'live-teen-patti');
    const early = await t.post('fair/liveState', { token, table: 'live-teen-patti' });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(
      'Live Teen Patti opens at 2023-08-23 15:15 UTC, when its next published round chain may start',
    );
    t.clock.advance(DAY_MS);
    const later = await gameToken('beaconlive2', 'live-teen-patti');
    const opened = await t.post('fair/liveState', { token: later, table: 'live-teen-patti' });
    expect(opened.statusCode, opened.body).toBe(200);
    const round = opened.json().data.round as LiveRoundView;
    expect(round).toMatchObject({ server_seed_hash: teenPatti.terminating_hash, client_seed: salt, nonce: round.round_number });
    expect(round.chain).toMatchObject({
      id: teenPatti.id,
      position: 1,
      salt,
      beacon: { round: EARLY.round, signature: EARLY.signature },
    });
  });

  it('waits for the round while no relay has it, ignores a relay whose round does not verify, and starts once an honest one does', async () => {
    // A day before round 12040883: Crash's chain is salted by it.
    t.clock.advance(quicknetRoundTime(LATE.round) - DAY_MS - t.clock.now());
    const run = await admin('crash', 'chain', 'create', '--length', '3', '--docs', 'none');
    expect(run.code, run.err).toBe(0);
    const [chain] = (await t.get('fair/crashChains')).json().data.chains as [RoundChainView];
    expect(chain.beacon?.round).toBe(LATE.round);
    // A game session lasts hours: the player opens Crash again after the day's notice.
    let token = await gameToken('beaconcrash', 'crash');
    const state = () => t.post('fair/crashState', { token });

    expect((await state()).json().message).toBe(
      'Crash opens at 2024-10-14 17:13 UTC, when its next published round chain may start',
    );
    t.clock.advance(DAY_MS - 1);
    token = await gameToken('beaconcrash2', 'crash');
    expect((await state()).statusCode).toBe(422);
    expect(asked.honest).toEqual([]);

    // Its start: the relays are asked; the forger's answer does not verify and the honest relay is down.
    t.clock.advance(1);
    const waiting = await state();
    expect(waiting.statusCode).toBe(422);
    expect(waiting.json().message).toBe(`Crash waits for drand round ${LATE.round}, which salts its next round chain`);
    await expect.poll(() => asked.honest.includes(LATE.round)).toBe(true);
    expect(asked.forger).toContain(LATE.round);
    expect((await state()).statusCode).toBe(422);
    expect((await t.get('fair/crashChains')).json().data.chains[0]).toMatchObject({ salt: null, beacon: { signature: null } });

    // The honest relay is back: the next look (a few seconds on) fetches, checks and stores the round.
    honestUp = true;
    t.clock.advance(6_000);
    await state();
    await expect.poll(async () => (await state()).statusCode).toBe(200);
    const salt = beaconRandomness(LATE.signature);
    const { round } = (await state()).json().data as { round: CrashRoundView };
    expect(round.server_seed_hash).toBe(chain.terminating_hash);
    expect(round.chain).toMatchObject({
      id: chain.id,
      position: 1,
      salt,
      salt_source: 'drand',
      beacon: { round: LATE.round, signature: LATE.signature },
    });

    // The round's crash point is the published formula of its hash and that salt.
    const row = await t.database.db
      .selectFrom('fair_crash_rounds')
      .select('crashed_at')
      .where('round_number', '=', round.round_number)
      .executeTakeFirstOrThrow();
    t.clock.advance(Number(row.crashed_at) - t.clock.now() + CRASH_PAUSE_MS);
    const done = (await t.get(`fair/crashRound?round_number=${round.round_number}`)).json().data as CrashRoundView;
    expect(sha256(done.server_seed ?? '')).toBe(chain.terminating_hash);
    expect(Math.round((done.crash_point ?? 0) * 100)).toBe(crashPointOf(done.server_seed ?? '', salt));
  });
});
