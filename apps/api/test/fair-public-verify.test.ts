import { execFile } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  CRASH_PAUSE_MS,
  FAIR_GAME_CODES,
  type FairCommitment,
  fairCommitmentSchema,
  fairFloats,
  type FairGameCode,
  type LiveRoundView,
  resolveFairRound,
  type RoundChainView,
} from '@app/shared';
import { beaconRandomness } from '@app/shared/drand-verify';
import recorded from '../../../packages/shared/src/domain/fair/fixtures/drand-quicknet/rounds.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CasinoTestApp, createCasinoTestApp, tokenOf } from './casino-support';

const SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/verify-round.mjs');

let t: CasinoTestApp;
let site: string;
beforeAll(async () => {
  // A demo install: its Crash chain is published at the first start.
  t = await createCasinoTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  site = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

/** `node scripts/verify-round.mjs …` as anyone would run it: exit code and output. */
async function verify(...argv: string[]) {
  return promisify(execFile)(process.execPath, [SCRIPT, ...argv]).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

const BETS: Record<Exclude<FairGameCode, 'crash'>, Record<string, unknown>> = {
  dice: { target: 50, direction: 'over' },
  limbo: { target: 1.5 },
  mines: { mines: 4, tiles: [0, 24] },
  plinko: { rows: 12 },
  'european-roulette': { bet: 'dozen', pick: 2 },
  'teen-patti': { side: 'A' },
  'andar-bahar': { side: 'bahar' },
  'dragon-tiger': { side: 'tiger' },
  'lucky-7': { bet: 'high' },
  'classic-sevens': { lines: 3 },
  'temple-twenty': {},
  'lotus-ways': {},
  'star-spins': {},
};

describe('scripts/verify-round.mjs checks every game from public data only', () => {
  it('recomputes a round of each game from the site’s public record once the seed is revealed', async () => {
    const p = await t.newPlayer('publicverify');
    await t.credit(p.userId, 100_000);
    const gameToken = tokenOf((await t.launch(p.token, 'dice')).json().data.url as string);
    const rounds: string[] = [];
    for (const [game, params] of Object.entries(BETS)) {
      const res = await t.post('fair/play', { token: gameToken, game_code: game, stake: 2, params });
      expect(res.statusCode, res.body).toBe(200);
      rounds.push(res.json().data.round.round_uuid as string);
    }
    expect(Object.keys(BETS).length).toBe(FAIR_GAME_CODES.length - 1);

    const secret = await verify('--site', site, '--round', rounds[0] ?? '');
    expect(secret.code).toBe(1);
    expect(secret.stderr).toContain('not revealed yet');

    expect((await t.post('fair/rotateSeed', { token: gameToken, client_seed: 'public-check' })).statusCode).toBe(200);
    // Checked side by side: each check is a fresh Node process.
    const results = await Promise.all(rounds.map((round) => verify('--site', site, '--round', round)));
    results.forEach((result, index) => {
      expect(result.code, `${rounds[index]}: ${result.stderr}`).toBe(0);
      // Nothing saved was given: it says it checked the record against itself.
      expect(result.stdout).toContain("checked against the site's own record only: the server seed hash.");
      expect(result.stdout).toContain(
        'consistent: the round matches the site’s own record (not checked against a commitment you saved)',
      );
    });

    // A stored outcome changed after the fact is caught.
    await t.database.db
      .updateTable('fair_rounds')
      .set({ outcome: JSON.stringify({ roll: 99.99 }) })
      .where('round_uuid', '=', rounds[0] ?? '')
      .execute();
    const forged = await verify('--site', site, '--round', rounds[0] ?? '');
    expect(forged.code).toBe(1);
    expect(forged.stderr).toContain('problem: The outcome differs from the one played.');
    // Fourteen games, each checked by a fresh Node process: slow on a loaded machine.
  }, 60_000);

  it('recomputes a crashed Crash round down its chain to the published terminating hash', async () => {
    const p = await t.newPlayer('publiccrash');
    const gameToken = tokenOf((await t.launch(p.token, 'crash')).json().data.url as string);
    const { round } = (await t.post('fair/crashState', { token: gameToken })).json().data;
    expect((await verify('--site', site, '--crash-round', String(round.round_number))).stderr).toContain('still secret');
    const row = await t.database.db
      .selectFrom('fair_crash_rounds')
      .select('crashed_at')
      .where('round_number', '=', round.round_number)
      .executeTakeFirstOrThrow();
    t.clock.advance(Number(row.crashed_at) - t.clock.now() + CRASH_PAUSE_MS);
    const result = await verify('--site', site, '--crash-round', String(round.round_number));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("checked against the site's own record only: the terminating hash, the salt commitment.");
    expect(result.stdout).toContain('not checked: who chose the salt: the operator drew it (the offline fallback)');

    // The same check with nothing but the published numbers, and a wrong position fails it.
    const { chain, server_seed: hash } = (await t.get(`fair/crashRound?round_number=${round.round_number}`)).json().data;
    const byHand = (position: number) =>
      verify(
        '--game',
        'crash',
        '--round-hash',
        hash,
        '--salt',
        chain.salt,
        '--salt-hash',
        chain.salt_hash,
        '--position',
        String(position),
        '--terminating-hash',
        chain.terminating_hash,
      );
    expect((await byHand(chain.position)).code).toBe(0);
    const wrong = await byHand(chain.position + 1);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('does not give the terminating hash');
  });
});

describe('scripts/verify-round.mjs checks the record against what the player saved before playing', () => {
  /** The commitment file a game page saves (docs/casino-fairness.md, "Checking rounds"). */
  function saveCommitment(name: string, commitment: Omit<FairCommitment, 'kind' | 'version' | 'site' | 'saved_at'>) {
    const file = path.join(folder, `${name}.json`);
    const saved: FairCommitment = {
      kind: 'fair-commitment',
      version: 1,
      site,
      saved_at: new Date().toISOString(),
      ...commitment,
    };
    writeFileSync(file, JSON.stringify(fairCommitmentSchema.parse(saved)));
    return file;
  }
  const savedChains = (chains: RoundChainView[]) =>
    chains.map((chain) => ({
      id: chain.id,
      terminating_hash: chain.terminating_hash,
      length: chain.length,
      salt_source: chain.salt_source,
      salt_hash: chain.salt_hash,
      beacon: chain.beacon && { network: chain.beacon.network, chain_hash: chain.beacon.chain_hash, round: chain.beacon.round },
      starts_at: chain.starts_at,
    }));
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'fair-saved-'));
  });

  it('a seed substituted with a matching hash passes a check of the record against itself, and fails against the saved hash', async () => {
    const p = await t.newPlayer('savedseeds');
    await t.credit(p.userId, 10_000);
    const gameToken = tokenOf((await t.launch(p.token, 'dice')).json().data.url as string);
    const { seeds } = (await t.post('fair/state', { token: gameToken, game_code: 'dice' })).json().data;
    const commitment = saveCommitment('seeds', { game: 'dice', seeds });
    const params = { target: 50, direction: 'under' };
    const played = (await t.post('fair/play', { token: gameToken, game_code: 'dice', stake: 2, params })).json().data.round;
    await t.post('fair/rotateSeed', { token: gameToken, client_seed: 'saved-check' });

    const honest = await verify('--site', site, '--round', played.round_uuid, '--commitment', commitment);
    expect(honest.code, honest.stderr).toBe(0);
    expect(honest.stdout).toContain('verified: the round matches the commitments you saved before playing');
    expect(honest.stdout).not.toContain('own record only');

    // A dishonest site rewrites the pair: another seed, its hash, and the outcome it gives.
    const other = 'f'.repeat(64);
    const floats = fairFloats(
      (key, message) => createHmac('sha256', key).update(message).digest(),
      { serverSeed: other, clientSeed: played.client_seed, nonce: played.nonce },
      1,
    );
    const forged = resolveFairRound('dice', floats, params);
    const seedId = await t.database.db
      .selectFrom('fair_rounds')
      .select('seed_id')
      .where('round_uuid', '=', played.round_uuid)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('fair_seeds')
      .set({ server_seed: other, server_seed_hash: createHash('sha256').update(other).digest('hex') })
      .where('id', '=', Number(seedId.seed_id))
      .execute();
    await t.database.db
      .updateTable('fair_rounds')
      .set({ outcome: JSON.stringify(forged.outcome), multiplier: forged.multiplier })
      .where('round_uuid', '=', played.round_uuid)
      .execute();
    const selfOnly = await verify('--site', site, '--round', played.round_uuid);
    expect(selfOnly.code).toBe(0);
    expect(selfOnly.stdout).toContain("checked against the site's own record only");
    const caught = await verify('--site', site, '--round', played.round_uuid, '--commitment', commitment);
    expect(caught.code).toBe(1);
    expect(caught.stderr).toContain('problem: The server seed does not match any server seed hash you saved.');
    expect(caught.stdout).toContain('NOT verified');
  });

  it('a Crash round and a live round verify against the chains saved from the site; another chain does not', async () => {
    const crashChains = (await t.get('fair/crashChains')).json().data.chains as RoundChainView[];
    const crashSaved = saveCommitment('crash', { game: 'crash', chains: savedChains(crashChains) });
    const crashPlayer = await t.newPlayer('savedcrash');
    const crashToken = tokenOf((await t.launch(crashPlayer.token, 'crash')).json().data.url as string);
    const { round } = (await t.post('fair/crashState', { token: crashToken })).json().data;
    const row = await t.database.db
      .selectFrom('fair_crash_rounds')
      .select('crashed_at')
      .where('round_number', '=', round.round_number)
      .executeTakeFirstOrThrow();
    t.clock.advance(Number(row.crashed_at) - t.clock.now() + CRASH_PAUSE_MS);
    const crash = await verify('--site', site, '--crash-round', String(round.round_number), '--commitment', crashSaved);
    expect(crash.code, crash.stderr).toBe(0);
    expect(crash.stdout).toContain('verified: the round matches the commitments you saved before playing');
    // A self-salted demo chain: said plainly, even when everything matches.
    expect(crash.stdout).toContain('not checked: who chose the salt: the operator drew it (the offline fallback)');
    const elsewhere = await verify(
      ...['--site', site, '--crash-round', String(round.round_number), '--saved-terminating-hash', 'a'.repeat(64)],
    );
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain(`is not a chain you saved`);

    // A live round: its seed is the table's chain hash, its client seed the chain's salt.
    const table = 'live-roulette';
    const liveChains = (await t.get(`fair/roundChains?game=${table}`)).json().data.chains as RoundChainView[];
    const liveSaved = saveCommitment('live', { game: table, chains: savedChains(liveChains) });
    const livePlayer = await t.newPlayer('savedlive');
    const liveToken = tokenOf((await t.launch(livePlayer.token, table)).json().data.url as string);
    const live = (await t.post('fair/liveState', { token: liveToken, table })).json().data.round as LiveRoundView;
    const secret = await verify('--site', site, '--live', `${table}:${live.round_number}`);
    expect(secret.stderr).toContain('its seed is still secret');
    t.clock.advance(live.betting_ends_at - t.clock.now() + 1);
    await t.post('fair/liveState', { token: liveToken, table });
    const checked = await verify('--site', site, '--live', `${table}:${live.round_number}`, '--commitment', liveSaved);
    expect(checked.code, checked.stderr).toBe(0);
    expect(checked.stdout).toContain('verified: the round matches the commitments you saved before playing');
    const selfOnly = await verify('--site', site, '--live', `${table}:${live.round_number}`);
    expect(selfOnly.stdout).toContain("checked against the site's own record only: the terminating hash, the salt commitment.");
  });

  it('checks a drand beacon round against quicknet’s key, never the site’s: a recorded round passes, another round’s signature fails', async () => {
    const beacon = recorded[0]!;
    const other = recorded.find((entry) => entry.round !== beacon.round)!;
    const salt = beaconRandomness(beacon.signature);
    const roundHash = 'c'.repeat(64);
    const byHand = (signature: string) =>
      verify(
        ...['--game', 'crash', '--round-hash', roundHash, '--salt', salt, '--position', '1'],
        ...['--terminating-hash', createHash('sha256').update(roundHash).digest('hex')],
        ...['--beacon-round', String(beacon.round), '--beacon-signature', signature],
      );
    const good = await byHand(beacon.signature);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).not.toContain('not checked');
    const forged = await byHand(other.signature);
    expect(forged.code).toBe(1);
    expect(forged.stderr).toContain("The salt is not SHA-256 of the beacon round's signature.");
    expect(forged.stderr).toContain(`The beacon signature is not drand quicknet's for round ${beacon.round}.`);
  });
});
