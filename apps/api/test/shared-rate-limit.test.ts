import { defineEndpoint } from '@app/shared';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { registerEndpoint } from '../src/plugins/contract';
import { createTestDatabase } from './test-app';

const REDIS_URL = process.env.TEST_REDIS_URL;

const limited = defineEndpoint({
  method: 'POST',
  path: 'test/shared-limit',
  auth: 'public',
  request: z.strictObject({}),
  data: z.object({ ok: z.boolean() }),
  rateLimit: { max: 3, windowMs: 60_000 },
});

describe.runIf(REDIS_URL)('rate limits with Redis', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('are shared by two API instances', async () => {
    const testDb = await createTestDatabase();
    cleanups.push(() => testDb.drop());
    // Its own Redis names: another test file may count the same route on this Redis at the same time.
    const prefix = `rl${Math.random().toString(36).slice(2, 8)}:`;
    const config = loadConfig({ LOG_LEVEL: 'silent', ...testDb.env, REDIS_URL: REDIS_URL ?? '', REDIS_PREFIX: prefix });
    const database = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA ? { schema: config.DATABASE_SCHEMA } : {});
    cleanups.push(() => database.close());
    await migrateToLatest(database);
    const instances = [];
    for (let i = 0; i < 2; i++) {
      const redis = new Redis(REDIS_URL ?? '');
      cleanups.push(() => redis.quit());
      const app = await buildApp({ config, database, redis });
      registerEndpoint(app, limited, async () => ({ data: { ok: true } }));
      await app.ready();
      cleanups.push(() => app.close());
      instances.push(app);
    }
    // A unique client address per run keeps earlier runs' counters out of the way.
    const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const app = instances[i % 2];
      const res = await app!.inject({ method: 'POST', url: '/api/test/shared-limit', payload: {}, remoteAddress });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    // Another site on the same Redis (another REDIS_PREFIX) counts apart.
    const redis = new Redis(REDIS_URL ?? '');
    cleanups.push(() => redis.quit());
    const other = await buildApp({ config: { ...config, REDIS_PREFIX: `${prefix}other:` }, database, redis });
    registerEndpoint(other, limited, async () => ({ data: { ok: true } }));
    await other.ready();
    cleanups.push(() => other.close());
    const apart = await other.inject({ method: 'POST', url: '/api/test/shared-limit', payload: {}, remoteAddress });
    expect(apart.statusCode).toBe(200);
  });
});
