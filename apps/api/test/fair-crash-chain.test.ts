import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CRASH_PAUSE_MS, type CrashChainView, type CrashRoundView } from '@app/shared';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/run-admin';
import { crashPointOf } from '../src/modules/fair-games/crash.service';
import { ROUND_CHAIN_RENEW_EVERY_MS } from '../src/modules/fair-games/round-chain.service';
import { type CasinoTestApp, createCasinoTestApp, tokenOf } from './casino-support';
import { runAdminProcess } from './test-app';

const REPO_DOCS = path.resolve(import.meta.dirname, '../../../docs/casino-fairness.md');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let t: CasinoTestApp;
let docs: string;
beforeAll(async () => {
  // No demo data: no chain is published until the operator publishes one.
  // The command runs in its own process on the real clock: the app's starts from it too.
  t = await createCasinoTestApp({ env: { SEED_DEMO_DATA: '0' }, clockStart: Date.now() });
  // The command records each chain in the docs; the tests record in a copy.
  docs = path.join(mkdtempSync(path.join(tmpdir(), 'fair-docs-')), 'casino-fairness.md');
  copyFileSync(REPO_DOCS, docs);
});
afterAll(async () => {
  await t.close();
});

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, t.config, { out: (line) => out.push(line), err: (line) => err.push(line) }, t.clock);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function crashPlayer(name: string) {
  const p = await t.newPlayer(name);
  await t.credit(p.userId, 10_000);
  const url = (await t.launch(p.token, 'crash')).json().data.url as string;
  return { ...p, gameToken: tokenOf(url) };
}

const chains = async () => (await t.get('fair/crashChains')).json().data.chains as CrashChainView[];
const crashState = (token: string) => t.post('fair/crashState', { token });

/** Moves the clock past the current round's crash and the pause: the next request opens the next round. */
async function finishRound(round: CrashRoundView) {
  const row = await t.database.db
    .selectFrom('fair_crash_rounds')
    .select('crashed_at')
    .where('round_number', '=', round.round_number)
    .executeTakeFirstOrThrow();
  t.clock.advance(Number(row.crashed_at) - t.clock.now() + CRASH_PAUSE_MS);
}

describe('Crash from a published hash chain (docs/casino-fairness.md, Crash)', () => {
  it('is closed until a chain is published; the command publishes one and records it in the docs', async () => {
    const p = await crashPlayer('chainclosed');
    const closed = await crashState(p.gameToken);
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toMatch(/no published round chain/);
    expect(await chains()).toEqual([]);

    // As an operator runs it: its own process, `npm run admin -- crash chain create --length N`;
    // here with the offline fallback (a salt drawn here, no notice). fair-round-chains.test.ts
    // covers the default: a drand round announced with the chain, and a day's notice.
    const run = await runAdminProcess(
      t.databaseEnv,
      ...['crash', 'chain', 'create', '--length', '4', '--salt', 'self', '--notice-minutes', '0', '--docs', docs],
    );
    expect(run.code, run.stderr).toBe(0);
    // The app's clock catches up with the command's: a chain starts no earlier than it says.
    t.clock.advance(Math.max(0, Date.now() - t.clock.now()));
    const [published] = await chains();
    expect(published).toMatchObject({
      id: 1,
      length: 4,
      status: 'queued',
      rounds_played: 0,
      salt: null,
      salt_source: 'self',
      beacon: null,
    });
    expect(published?.starts_at).toBe(published?.published_at);
    expect(run.stdout).toContain(`terminating hash: ${published?.terminating_hash}`);
    expect(run.stdout).toContain(`salt commitment (SHA-256 of the salt): ${published?.salt_hash}`);
    // Published in the docs before its first round, laid out as Prettier keeps it.
    const text = readFileSync(docs, 'utf8');
    expect(text).toMatch(
      new RegExp(
        `\\| 1 +\\| crash +\\| 4 +\\| \`${published?.terminating_hash}\` \\| self-drawn, SHA-256 \`${published?.salt_hash}\` \\|`,
      ),
    );
    expect(await prettier.check(text, { ...(await prettier.resolveConfig(REPO_DOCS)), filepath: REPO_DOCS })).toBe(true);

    const refused = await admin('crash', 'chain', 'create', '--length', '0', '--docs', 'none');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^error: A chain has from 1 to/);
    expect((await admin('crash', 'chain', 'create', '--length', 'x')).code).toBe(2);
    expect(await chains()).toHaveLength(1);
  });

  it('plays the chain round by round: each hash hashes to the one before, down to the published terminating hash', async () => {
    const p = await crashPlayer('chainplay');
    const [chain] = await chains();
    if (!chain) throw new Error('no chain');
    let previous = chain.terminating_hash;
    const seen: number[] = [];
    for (let position = 1; position <= chain.length; position += 1) {
      const { round } = (await crashState(p.gameToken)).json().data as { round: CrashRoundView };
      expect(round.phase).toBe('betting');
      expect(round.server_seed).toBeNull();
      expect(round.server_seed_hash).toBe(previous);
      expect(round.chain).toMatchObject({
        id: chain.id,
        position,
        terminating_hash: chain.terminating_hash,
        salt_hash: chain.salt_hash,
      });
      // The salt is public from the first round, and matches its commitment.
      expect(sha256(round.chain?.salt ?? '')).toBe(chain.salt_hash);
      await finishRound(round);
      const done = (await t.get(`fair/crashRound?round_number=${round.round_number}`)).json().data as CrashRoundView;
      expect(done.phase).toBe('crashed');
      const hash = done.server_seed ?? '';
      expect(sha256(hash)).toBe(previous);
      expect(Math.round((done.crash_point ?? 0) * 100)).toBe(crashPointOf(hash, done.chain?.salt ?? ''));
      seen.push(round.round_number);
      previous = hash;
    }
    expect(await chains()).toMatchObject([{ status: 'used', rounds_played: chain.length, first_round_number: seen[0] }]);
    // The last round revealed the chain's secret: nothing of it is left to play, so Crash closes.
    expect((await crashState(p.gameToken)).statusCode).toBe(422);

    // The next published chain takes over from its own position 1.
    expect(
      (await admin('crash', 'chain', 'create', '--length', '3', '--salt', 'self', '--notice-minutes', '0', '--docs', docs)).code,
    ).toBe(0);
    const text = readFileSync(docs, 'utf8');
    const time = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d';
    expect(
      text.match(
        new RegExp(
          `^\\| [12] +\\| crash +\\| [34] +\\| \`[0-9a-f]{64}\` \\| self-drawn, SHA-256 \`[0-9a-f]{64}\` \\| ${time} \\| ${time} \\|$`,
          'gm',
        ),
      ),
    ).toHaveLength(2);
    expect(await prettier.check(text, { ...(await prettier.resolveConfig(REPO_DOCS)), filepath: REPO_DOCS })).toBe(true);
    const next = (await crashState(p.gameToken)).json().data.round as CrashRoundView;
    expect(next.round_number).toBe((seen.at(-1) ?? 0) + 1);
    expect(next.chain).toMatchObject({ id: 2, position: 1 });
    expect(next.server_seed_hash).toBe((await chains())[0]?.terminating_hash);
  });

  it('publishes the next chain by itself, with the notice, once a tenth of the rounds or fewer are left', async () => {
    let p = await crashPlayer('chainrenew');
    // The sweep's next turn comes 10 minutes on: a player idle that long is logged out, so a new one looks.
    let renewed = 0;
    const renewals = async () => {
      t.clock.advance(ROUND_CHAIN_RENEW_EVERY_MS);
      // Every due job of the app, however many batches they take (a poll leases 20 at a time).
      for (let batch = 0; batch < 10 && (await t.app.jobs.runDue()) > 0; batch += 1);
      renewed += 1;
      p = await crashPlayer(`chainrenew${renewed}`);
    };
    // Chain 2 (3 rounds) plays its first round: 2 of 3 left, more than a tenth, nothing is published.
    const first = (await crashState(p.gameToken)).json().data.round as CrashRoundView;
    expect(first.chain).toMatchObject({ id: 2, position: 1 });
    await finishRound(first);
    await renewals();
    expect((await chains()).map((chain) => chain.id)).toEqual([2, 1]);

    // Its second round: 1 left, a tenth of 3 rounds rounded up. Chain 3 is published at once with the
    // install's notice (a day by default), the same length and salt source, announced before it plays.
    const second = (await crashState(p.gameToken)).json().data.round as CrashRoundView;
    expect(second.chain).toMatchObject({ id: 2, position: 2 });
    await finishRound(second);
    await renewals();
    const [next] = await chains();
    expect(next).toMatchObject({ id: 3, length: 3, status: 'queued', rounds_played: 0, salt_source: 'self' });
    expect(Date.parse(next?.starts_at ?? '') - Date.parse(next?.published_at ?? '')).toBe(
      t.config.FAIR_CHAIN_NOTICE_MINUTES * 60_000,
    );
    // Once is enough: the newest chain is now the one waiting, with all its rounds left.
    await renewals();
    expect((await chains()).map((chain) => chain.id)).toEqual([3, 2, 1]);

    // Chain 2's last round, then Crash waits for chain 3's start and opens with it.
    const last = (await crashState(p.gameToken)).json().data.round as CrashRoundView;
    expect(last.chain).toMatchObject({ id: 2, position: 3 });
    await finishRound(last);
    const waiting = await crashState(p.gameToken);
    expect(waiting.statusCode).toBe(422);
    expect(waiting.json().message).toMatch(/^Crash opens at .+, when its next published round chain may start$/);
    t.clock.advance(Date.parse(next?.starts_at ?? '') - t.clock.now());
    p = await crashPlayer('chainrenewopen');
    const opened = (await crashState(p.gameToken)).json().data.round as CrashRoundView;
    expect(opened.chain).toMatchObject({ id: 3, position: 1 });
    expect(opened.server_seed_hash).toBe(next?.terminating_hash);
  });
});
