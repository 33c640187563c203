import { z } from 'zod';
import { FEED_READINESS } from '../domain/feed-stream';
import { defineEndpoint } from './contract';

/**
 * What operators and the proxy ask of each API instance (docs/deploy.md). Neither has a rate
 * limit, and both answer from what the process already holds, or one cheap query.
 */

/** The process is alive and its event loop turns. Nothing else is checked: a restart would not help. */
export const health = defineEndpoint({
  method: 'GET',
  path: 'health',
  auth: 'public',
  request: z.strictObject({}),
  data: z.object({ alive: z.literal(true), uptime_s: z.number() }),
});

/**
 * The instance can take traffic: the database answers, every migration this code knows is
 * applied, Redis answers when configured, and it is not shutting down. Otherwise 503 with the
 * error envelope (code SERVICE_UNAVAILABLE) whose message names what failed. `feed` reports the
 * live odds stream without failing the check: a broken stream leaves the casino and the wallet
 * working, and every instance would fail alike (docs/deploy.md, "Health, readiness").
 */
export const ready = defineEndpoint({
  method: 'GET',
  path: 'ready',
  auth: 'public',
  request: z.strictObject({}),
  data: z.object({
    database: z.literal('ok'),
    migrations: z.literal('current'),
    redis: z.enum(['ok', 'not configured']),
    /** The live feed's stream on this instance: `not configured` when it holds none (simulator, replay). */
    feed: z.enum(FEED_READINESS),
  }),
});

/** The OpenAPI 3.1 description of this API, generated from the contract: `GET /api/openapi.json`. */
export const OPENAPI_DOCUMENT_PATH = 'openapi.json';
/** A readable reference page rendered from that document: `GET /api/docs`. */
export const API_REFERENCE_PATH = 'docs';
