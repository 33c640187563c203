import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/bench/harness';
import { buildServer, SERVER_BUNDLE } from '../scripts/build.mjs';
import { DEMO_ACCOUNTS } from '../src/seed/seed';
import { testDatabaseKind, WEB_DIST_DIR } from './test-app';

/** Generous: a first start migrates, seeds and hashes the demo password, on a loaded 2-core machine. */
const START_TIMEOUT_MS = 60_000;
const folder = mkdtempSync(path.join(tmpdir(), 'casino-server-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The compiled server under plain node: no TypeScript loader, nothing inherited that could add one. */
function startServer(env: Record<string, string>): { child: ChildProcess; stderr: () => string } {
  let stderr = '';
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, stderr: () => stderr };
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));
}

/** Asks until the server answers (it migrates and seeds first, slowly on a busy machine); no fixed wait. */
async function whenAnswering(url: string, child: ChildProcess): Promise<Response> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const answer = await fetch(url).catch(() => null);
    if (answer) return answer;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`no answer from ${url} within ${START_TIMEOUT_MS} ms`);
}

// One process per database kind is enough: this is about the process, not the data.
describe.runIf(testDatabaseKind() === 'sqlite')('the compiled server process', () => {
  beforeAll(async () => {
    // The same bundle `npm run build` makes (npm test builds first), made again from the current
    // source so a run of this file alone never tests a stale build. The web app must be built.
    await buildServer();
    if (!existsSync(path.join(WEB_DIST_DIR, 'index.html')))
      throw new Error('apps/web/dist is missing: run `npm run build` first');
  }, 60_000);

  it(
    'creates, migrates and seeds a new SQLite database on first start, serves the API and the site, and stops cleanly on SIGTERM',
    async () => {
      const port = await freePort();
      const dbFile = path.join(folder, 'nested', 'app.db');
      const { child, stderr } = startServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${dbFile}`,
        UPLOAD_DIR: path.join(folder, 'up'),
      });
      try {
        const settings = await whenAnswering(`http://127.0.0.1:${port}/api/globalSetting/getGlobalSetting`, child);
        expect(settings.status).toBe(200);
        expect(((await settings.json()) as { status: boolean }).status).toBe(true);

        const sports = await fetch(`http://127.0.0.1:${port}/api/sport/getSports`, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json' },
        });
        expect(sports.status).toBe(200);
        expect(((await sports.json()) as { data: unknown[] }).data).toHaveLength(26);

        // Logging in hashes a password off the main thread: the helper script must be found from the bundle too.
        const login = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
          method: 'POST',
          body: JSON.stringify({ user_name: DEMO_ACCOUNTS.player.userName, password: DEMO_ACCOUNTS.player.password, type: 'C' }),
          headers: { 'content-type': 'application/json' },
        });
        expect(login.status).toBe(200);
        expect(((await login.json()) as { data: { token: string } }).data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

        const site = await fetch(`http://127.0.0.1:${port}/`);
        expect(site.status).toBe(200);
        expect(site.headers.get('content-type')).toMatch(/text\/html/);
        expect(await site.text()).toMatch(/<div id="root">/);
        expect(existsSync(dbFile)).toBe(true);
      } finally {
        child.kill('SIGTERM');
      }
      expect(await exitCode(child)).toBe(0);
      // Nothing logged at error or fatal level (pino levels 50 and 60).
      expect(stderr()).not.toMatch(/"level":(50|60)/);
    },
    START_TIMEOUT_MS + 30_000,
  );

  it('refuses to start with a bad variable and names it', async () => {
    const { child, stderr } = startServer({ PORT: 'not-a-port' });
    expect(await exitCode(child)).toBe(1);
    expect(stderr()).toMatch(/PORT: /);
  });
});
