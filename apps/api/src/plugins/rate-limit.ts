import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';

/**
 * Rate limits are per route (the contract's `rateLimit`), not global: the hot read paths carry
 * no limiter cost. With Redis the counters are shared by every API instance.
 */
export async function installRateLimit(app: FastifyInstance, redis: Redis | undefined, redisPrefix = ''): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${redisPrefix}rl:` } : {}),
    // A Redis outage must not take the site down: requests pass unlimited and the error is logged.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many attempts. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
      ),
  });
}
