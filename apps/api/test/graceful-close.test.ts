import { request as httpRequest, Agent } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { HashJob } from '../src/modules/users/password-pool';
import { configurePasswordHashing } from '../src/modules/users/password';
import { DEMO_ACCOUNTS } from '../src/seed/seed';
import { closeGracefully } from '../src/startup';
import { createTestApp, type TestApp } from './test-app';

/** Far below Fastify's 72 s keep-alive timeout, which an unswept connection would wait out. */
const CLOSE_BOUND_MS = 5_000;

let t: TestApp | undefined;
// closeGracefully closed the app and the database already; closing them again is harmless and drops the database.
afterEach(async () => {
  await t?.close();
  t = undefined;
  configurePasswordHashing({ hasher: 'worker', memoryKib: 1_024, passes: 1 });
});

describe('shutting down with a request in flight', () => {
  it('answers the request, then closes its keep-alive connection and finishes without waiting for the idle timeout', async () => {
    let release = () => {};
    let entered = () => {};
    const isInside = new Promise<void>((resolve) => (entered = resolve));
    t = await createTestApp({
      beforeReady(app) {
        app.get('/test/slow', async () => {
          entered();
          await new Promise<void>((resolve) => (release = resolve));
          return { ok: true };
        });
      },
    });
    const { app, database } = t;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };

    // A client that keeps connections open, as a reverse proxy does.
    const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/test/slow', agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    await isInside;

    const closing = closeGracefully(app, database);
    // The answer goes out only once the server has stopped listening: its one sweep of idle
    // connections has passed, and this connection is still busy.
    while (app.server.listening) await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(body)).toEqual({ ok: true });

    const outcome = await Promise.race([
      closing.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), CLOSE_BOUND_MS).unref()),
    ]);
    agent.destroy();
    expect(outcome).toBe('closed');
  });

  it('waits for a password hash still running: exiting inside argon2 on a worker thread aborts the process', async () => {
    t = await createTestApp();
    const { app, database } = t;
    // A hash that ends only when the test says (as a real one ends when argon2 is done).
    const held: { job: HashJob; finish: (value: boolean) => void }[] = [];
    configurePasswordHashing({
      hasher: 'worker',
      createWorker: () => ({
        run: (job) => new Promise<boolean>((finish) => held.push({ job, finish })),
        terminate: () => undefined,
      }),
    });
    const login = app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { user_name: DEMO_ACCOUNTS.player.userName, password: DEMO_ACCOUNTS.player.password, type: 'C' },
    });
    await expect.poll(() => held.length).toBe(1);

    let isClosed = false;
    const closing = closeGracefully(app, database).then(() => (isClosed = true));
    // A negative check: a busy machine can only make it pass without the wait, never fail with it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isClosed).toBe(false);
    held[0]?.finish(false);
    await closing;
    expect(isClosed).toBe(true);
    await login.catch(() => undefined);
  });
});
