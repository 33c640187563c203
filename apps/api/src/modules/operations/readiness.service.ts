import type { DataOf, ready } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database';
import { missingMigrations } from '../../db/migrate';
import { AppError } from '../../lib/app-error';
import { type StreamHealth, streamReadiness } from '../feed';

/** A check that has not answered in this time has failed: the proxy must not wait on a stuck instance. */
const CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  /** The ready answer, or SERVICE_UNAVAILABLE naming what failed. */
  check(): Promise<DataOf<typeof ready>>;
  /** From now on the instance is not ready (it is closing: the proxy should send nothing new). */
  markShuttingDown(): void;
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * What `GET /api/ready` checks (docs/deploy.md): not shutting down, the database answers, every
 * migration this code knows is applied (read once until true: migrations never go away), and
 * Redis answers when configured. The answer is public: it names the failing part, and the
 * driver's error (addresses, hosts) goes to the log only. The live feed's stream is reported,
 * never failed on: a word for the monitor, the details in the console and the metrics
 * (docs/feeds-stream.md, "Readiness").
 */
export function createReadiness(
  database: DatabaseHandle,
  redis: Redis | undefined,
  log: FastifyBaseLogger,
  streamHealth?: () => StreamHealth | undefined,
): Readiness {
  let isShuttingDown = false;
  let areMigrationsCurrent = false;
  const refuse = (message: string): never => {
    throw new AppError('SERVICE_UNAVAILABLE', message);
  };
  return {
    markShuttingDown() {
      isShuttingDown = true;
    },
    async check() {
      if (isShuttingDown) refuse('This instance is shutting down');
      try {
        await withTimeout(sql`select 1`.execute(database.db), 'The database');
      } catch (error) {
        log.warn({ err: error }, 'not ready: the database does not answer');
        refuse('The database does not answer');
      }
      if (!areMigrationsCurrent) {
        const missing = await missingMigrations(database).catch((error: unknown) => {
          log.warn({ err: error }, 'not ready: the migrations table cannot be read');
          return ['(the migrations table cannot be read)'];
        });
        if (missing.length > 0) refuse(`The database lacks migrations: ${missing.join(', ')}`);
        areMigrationsCurrent = true;
      }
      if (redis) {
        // A connection that is down answers at once; a ping would wait for ioredis's retries.
        if (redis.status !== 'ready') refuse(`Redis is not connected (${redis.status})`);
        try {
          await withTimeout(redis.ping(), 'Redis');
        } catch (error) {
          log.warn({ err: error }, 'not ready: Redis does not answer');
          refuse('Redis does not answer');
        }
      }
      const stream = streamHealth?.();
      return {
        database: 'ok',
        migrations: 'current',
        redis: redis ? 'ok' : 'not configured',
        feed: stream ? streamReadiness(stream) : 'not configured',
      };
    },
  };
}
