import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/bench/harness';
import { testDatabaseKind } from './test-app';

const SERVER = path.resolve(import.meta.dirname, '../src/server.ts');
const folder = mkdtempSync(path.join(tmpdir(), 'casino-server-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function startServer(env: Record<string, string>): { child: ChildProcess; stderr: () => string } {
  let stderr = '';
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, stderr: () => stderr };
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));
}

// One process per database kind is enough: this is about the process, not the data.
describe.runIf(testDatabaseKind() === 'sqlite')('the server process', () => {
  it('creates, migrates and seeds a new SQLite database on first start, serves, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dbFile = path.join(folder, 'nested', 'app.db');
    const { child } = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${dbFile}`,
      UPLOAD_DIR: path.join(folder, 'up'),
    });
    let answer: Response | null = null;
    for (let attempt = 0; attempt < 100 && !answer; attempt++) {
      answer = await fetch(`http://127.0.0.1:${port}/api/sport/getSports`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      }).catch(() => null);
      if (!answer) await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(answer?.status).toBe(200);
    expect(((await answer?.json()) as { data: unknown[] }).data).toHaveLength(26);
    expect(existsSync(dbFile)).toBe(true);
    child.kill('SIGTERM');
    expect(await exitCode(child)).toBe(0);
  });

  it('refuses to start with a bad variable and names it', async () => {
    const { child, stderr } = startServer({ PORT: 'not-a-port' });
    expect(await exitCode(child)).toBe(1);
    expect(stderr()).toMatch(/PORT: /);
  });
});
