import { Agent, request } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { createReadiness } from '../src/modules/operations/readiness.service';
import { connectRedis, prepareDatabase } from '../src/startup';
import { createTestApp, createTestDatabase, type TestApp } from './test-app';

const opened: TestApp[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close().catch(() => undefined);
});

async function open(env: Record<string, string> = {}, beforeReady?: (app: FastifyInstance) => void): Promise<TestApp> {
  const t = await createTestApp({ env, ...(beforeReady ? { beforeReady } : {}) });
  opened.push(t);
  return t;
}

/** GET over a given keep-alive agent: the answer's status and body. */
function get(agent: Agent, port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /api/health and /api/ready', () => {
  it('answer alive and ready, with the database, the migrations and Redis named, and are never rate limited', async () => {
    const t = await open();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: true, data: { alive: true } });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({ database: 'ok', migrations: 'current', redis: 'not configured', feed: 'not configured' });
    // A proxy or a monitor polls these all day: none of 150 quick calls is refused.
    const statuses = await Promise.all(
      Array.from({ length: 150 }, (_, index) =>
        t.app.inject({ method: 'GET', url: index % 2 ? '/api/ready' : '/api/health' }).then((res) => res.statusCode),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('ready answers 503 in the envelope, naming the part, when the database is gone or Redis does not answer', async () => {
    // Redis on a port where nothing listens: the instance must not be routed to.
    const testDb = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: '0', ...testDb.env });
    const database = await prepareDatabase(config);
    const redis = connectRedis('redis://127.0.0.1:1');
    redis?.on('error', () => {});
    const app = await buildApp({ config, database, redis });
    try {
      await app.ready();
      const noRedis = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(noRedis.statusCode).toBe(503);
      expect(noRedis.json()).toMatchObject({ status: false, code: 'SERVICE_UNAVAILABLE' });
      expect(noRedis.json().message).toMatch(/^Redis /);
      // Health is about the process only: still alive.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      redis?.disconnect();
      await database.close();
      await testDb.drop();
    }

    const u = await open();
    await u.database.close();
    const noDatabase = await u.app.inject({ method: 'GET', url: '/api/ready' });
    expect(noDatabase.statusCode).toBe(503);
    expect(noDatabase.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'The database does not answer' });
  });

  it('is not ready once the instance is shutting down (503, or no connection), while a request in flight completes', async () => {
    let release = () => {};
    let hasArrived = false;
    const held = new Promise<void>((resolve) => (release = resolve));
    const t = await open({}, (app) => {
      app.get('/api/test/slow', async () => {
        hasArrived = true;
        await held;
        return { done: true };
      });
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const slowAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const slow = get(slowAgent, address.port, '/api/test/slow');
      await expect.poll(() => hasArrived).toBe(true);
      const closing = t.app.close();
      // What the proxy sees now: a 503 (a busy kept-alive connection) or a refused connection; never ready.
      const asked = await get(new Agent(), address.port, '/api/ready').then(
        (answer) => answer.status,
        (error: NodeJS.ErrnoException) => error.code,
      );
      expect([503, 'ECONNREFUSED', 'ECONNRESET']).toContain(asked);
      release();
      expect(await slow).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
      // The client's kept-alive connection would hold the close open (server.ts sweeps them).
      slowAgent.destroy();
      await closing;
    } finally {
      release();
      slowAgent.destroy();
    }
  });

  it('the readiness check itself refuses once shutdown has begun (the preClose hook), before anything else', async () => {
    const t = await open();
    const readiness = createReadiness(t.database, undefined, t.app.log);
    await expect(readiness.check()).resolves.toMatchObject({ database: 'ok' });
    readiness.markShuttingDown();
    await expect(readiness.check()).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'This instance is shutting down',
    });
  });
});
