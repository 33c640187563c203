import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { CRASH_PAUSE_MS, FAIR_GAME_CODES, type FairGameCode } from '@app/shared';
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
      expect(result.stdout).toContain('verified: the round matches its public record');
    });

    // A stored outcome changed after the fact is caught.
    await t.database.db
      .updateTable('fair_rounds')
      .set({ outcome: JSON.stringify({ roll: 99.99 }) })
      .where('round_uuid', '=', rounds[0] ?? '')
      .execute();
    const forged = await verify('--site', site, '--round', rounds[0] ?? '');
    expect(forged.code).toBe(1);
    expect(forged.stderr).toContain('The outcome differs from the one played.');
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
    expect(result.stdout).toContain('verified: the round matches its public record');

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
