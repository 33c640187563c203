import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from './config/env';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoDataOnFirstStart, seedReferenceData } from './seed/seed';
import { type Clock, systemClock } from './lib/clock';
import { createImageStore } from './modules/uploads';

/** Opens the configured database, migrates it and fills in reference (and demo) data. */
export async function prepareDatabase(config: AppConfig, clock: Clock = systemClock): Promise<DatabaseHandle> {
  const database = openDatabase(config.DATABASE_URL, {
    ...(config.DATABASE_SCHEMA ? { schema: config.DATABASE_SCHEMA } : {}),
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS === 'on',
  });
  try {
    await migrateToLatest(database);
    if (config.SEED_DEMO_DATA === '1') {
      await seedDemoDataOnFirstStart(database.db, clock, createImageStore(config.UPLOAD_DIR));
    }
    await seedReferenceData(database.db, clock);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

export function connectRedis(url: string | undefined): Redis | undefined {
  if (!url) return undefined;
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
}

/** How often, while the server closes, connections whose last answer has gone out are closed. */
const IDLE_SWEEP_MS = 50;

/**
 * Stops taking requests, lets the ones in flight finish, then releases the database and Redis.
 * Closing closes the idle keep-alive connections once; one whose request was still running then
 * would stay open after its answer until the client's idle timeout (72 s behind a proxy that
 * keeps connections), holding the close up past the shutdown grace period. So each connection is
 * closed as soon as it goes idle.
 */
export async function closeGracefully(app: FastifyInstance, database: DatabaseHandle, redis?: Redis): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
  await database.close();
  await redis?.quit();
}
