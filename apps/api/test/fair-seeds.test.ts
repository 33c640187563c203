import { createHash } from 'node:crypto';
import type { FairSeedsView } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CasinoTestApp, createCasinoTestApp, tokenOf } from './casino-support';

let t: CasinoTestApp;
beforeAll(async () => {
  t = await createCasinoTestApp();
});
afterAll(async () => {
  await t.close();
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function openDice(name: string) {
  const p = await t.newPlayer(name);
  await t.credit(p.userId, 100_000);
  const url = (await t.launch(p.token, 'dice')).json().data.url as string;
  return { ...p, gameToken: tokenOf(url) };
}

/** Seed calls are rate-limited per address (60 a minute): the long walks spread over a few. */
let calls = 0;
const nextAddress = () => `10.29.${Math.floor(calls++ / 40)}.1`;

async function call(path: string, body: Record<string, unknown>) {
  const res = await t.post(path, body, { ip: nextAddress() });
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json().data;
}

const playDice = (token: string) =>
  call('fair/play', { token, game_code: 'dice', stake: 1, params: { target: 50, direction: 'under' } }).then(
    (data) => data.round as { server_seed_hash: string; client_seed: string; nonce: number },
  );

describe('seeds committed before the player chooses (docs/casino-fairness.md, Seeds)', () => {
  it('shows the next hash, keeps an unplayed server seed for a new client seed, then moves to the committed next one', async () => {
    const p = await openDice('seedsflow');
    const first: FairSeedsView = (await call('fair/state', { token: p.gameToken, game_code: 'dice' })).seeds;
    expect(first.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.next_server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.next_server_seed_hash).not.toBe(first.server_seed_hash);

    // No round yet: the client seed changes, the server seed stays, nothing is revealed.
    const kept = await call('fair/setClientSeed', { token: p.gameToken, client_seed: 'mine-before-play' });
    expect(kept.revealed).toBeNull();
    expect(kept.seeds).toEqual({ ...first, client_seed: 'mine-before-play' });
    const round = await playDice(p.gameToken);
    expect(round).toMatchObject({ server_seed_hash: first.server_seed_hash, client_seed: 'mine-before-play', nonce: 0 });

    // After a round: the committed next seed plays with the new client seed; the old one is revealed.
    const moved = await call('fair/setClientSeed', { token: p.gameToken, client_seed: 'mine-after-play' });
    expect(sha256(moved.revealed.server_seed)).toBe(first.server_seed_hash);
    expect(moved.revealed).toMatchObject({ client_seed: 'mine-before-play', rounds: 1 });
    expect(moved.seeds).toMatchObject({
      server_seed_hash: first.next_server_seed_hash,
      client_seed: 'mine-after-play',
      nonce: 0,
    });
    expect([first.server_seed_hash, first.next_server_seed_hash]).not.toContain(moved.seeds.next_server_seed_hash);

    // Rotation takes the player's client seed for the new pair; left out, a fresh one is drawn for
    // them (never the old one, known before the next server seed was drawn), shown before the pair plays.
    const rotated = await call('fair/rotateSeed', { token: p.gameToken, client_seed: 'for-the-new-pair' });
    expect(rotated.revealed.server_seed_hash).toBe(moved.seeds.server_seed_hash);
    expect(rotated.seeds).toMatchObject({ server_seed_hash: moved.seeds.next_server_seed_hash, client_seed: 'for-the-new-pair' });
    const again = await call('fair/rotateSeed', { token: p.gameToken });
    expect(again.seeds).toMatchObject({ server_seed_hash: rotated.seeds.next_server_seed_hash, nonce: 0 });
    expect(again.seeds.client_seed).toMatch(/^[0-9a-f]{20}$/);
    const drawn = await call('fair/rotateSeed', { token: p.gameToken });
    expect(drawn.seeds.client_seed).toMatch(/^[0-9a-f]{20}$/);
    expect(drawn.seeds.client_seed).not.toBe(again.seeds.client_seed);
    expect((await call('fair/state', { token: p.gameToken, game_code: 'dice' })).seeds.client_seed).toBe(drawn.seeds.client_seed);

    // A bad client seed changes nothing.
    const before = (await call('fair/state', { token: p.gameToken, game_code: 'dice' })).seeds;
    const bad = (path: string, clientSeed: string) =>
      t.post(path, { token: p.gameToken, client_seed: clientSeed }, { ip: nextAddress() }).then((res) => res.statusCode);
    expect(await bad('fair/rotateSeed', 'has space')).toBe(400);
    expect(await bad('fair/setClientSeed', '')).toBe(400);
    expect((await call('fair/state', { token: p.gameToken, game_code: 'dice' })).seeds).toEqual(before);
  });

  it('over 100 rotations and client-seed changes, with and without a client seed, every server seed that played was shown before its client seed was chosen', async () => {
    const p = await openDice('seedsmany');
    let step = 0;
    /** When each hash was first shown (as active or next), and when each client seed was set. */
    const shownAt = new Map<string, number>();
    const clientSetAt = new Map<string, number>();
    const show = (seeds: FairSeedsView) => {
      for (const hash of [seeds.server_seed_hash, seeds.next_server_seed_hash]) if (!shownAt.has(hash)) shownAt.set(hash, step);
    };
    const rounds: { server_seed_hash: string; client_seed: string }[] = [];
    const pairs: { server_seed_hash: string; client_seed: string }[] = [];
    const revealed: { server_seed: string; server_seed_hash: string }[] = [];

    show((await call('fair/state', { token: p.gameToken, game_code: 'dice' })).seeds);
    // The first pair's client seed was ours: the player sets theirs before playing (it keeps the server seed).
    step += 1;
    show((await call('fair/setClientSeed', { token: p.gameToken, client_seed: 'choice-start' })).seeds);
    clientSetAt.set('choice-start', step);
    // A fixed pseudo-random walk, so a failure replays the same way.
    let state = 29;
    const next = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    for (let change = 0; change < 100; change += 1) {
      step += 1;
      const clientSeed = `choice-${change}`;
      // Client-seed changes (kept server seed or rotation, as rounds were played or not), rotations
      // with the player's client seed, and rotations without one (a fresh one is drawn for them).
      const pick = next();
      const path = pick < 0.4 ? 'fair/setClientSeed' : 'fair/rotateSeed';
      const isLeftOut = pick >= 0.7;
      const answer: { seeds: FairSeedsView; revealed: { server_seed: string; server_seed_hash: string } | null } = await call(
        path,
        isLeftOut ? { token: p.gameToken } : { token: p.gameToken, client_seed: clientSeed },
      );
      // A drawn client seed is chosen when it is first shown; a kept one would have an earlier step.
      if (!clientSetAt.has(answer.seeds.client_seed)) clientSetAt.set(answer.seeds.client_seed, step);
      if (answer.revealed) revealed.push(answer.revealed);
      // The new next hash is always fresh: a seed is never committed twice.
      if (answer.revealed) expect(shownAt.has(answer.seeds.next_server_seed_hash)).toBe(false);
      pairs.push(answer.seeds);
      show(answer.seeds);
      step += 1;
      const played = Math.floor(next() * 3);
      for (let index = 0; index < played; index += 1) rounds.push(await playDice(p.gameToken));
    }

    expect(revealed.length).toBeGreaterThan(60);
    expect(rounds.length).toBeGreaterThan(50);
    for (const pair of [...pairs, ...rounds]) {
      const setAt = clientSetAt.get(pair.client_seed);
      const seenAt = shownAt.get(pair.server_seed_hash);
      expect(setAt, `client seed ${pair.client_seed}`).toBeDefined();
      expect(seenAt, `server seed ${pair.server_seed_hash}`).toBeDefined();
      expect(seenAt as number, `${pair.server_seed_hash} with ${pair.client_seed}`).toBeLessThan(setAt as number);
    }
    // Every revealed seed is the one whose hash was shown.
    for (const pair of revealed) expect(sha256(pair.server_seed)).toBe(pair.server_seed_hash);
  });

  it('keeps one active pair when rotations race, and commits a next seed for a pair from before next seeds', async () => {
    const p = await openDice('seedsrace');
    await call('fair/state', { token: p.gameToken, game_code: 'dice' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        t.post('fair/rotateSeed', { token: p.gameToken, client_seed: `race-${index}` }, { ip: nextAddress() }),
      ),
    );
    expect(answers.every((res) => res.statusCode === 200 || res.statusCode === 409)).toBe(true);
    expect(answers.some((res) => res.statusCode === 200)).toBe(true);
    const doubles = await t.database.db
      .selectFrom('fair_seeds')
      .select(['player', (eb) => eb.fn.countAll<number>().as('n')])
      .where('is_active', '=', 1)
      .groupBy('player')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(doubles).toEqual([]);

    // A pair stored before this change has no next seed: the first look commits one.
    await t.database.db
      .updateTable('fair_seeds')
      .set({ next_server_seed: null, next_server_seed_hash: null })
      .where('is_active', '=', 1)
      .execute();
    const seeds = (await call('fair/state', { token: p.gameToken, game_code: 'dice' })).seeds as FairSeedsView;
    expect(seeds.next_server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    const rotated = await call('fair/rotateSeed', { token: p.gameToken });
    expect(rotated.seeds.server_seed_hash).toBe(seeds.next_server_seed_hash);
  });
});
