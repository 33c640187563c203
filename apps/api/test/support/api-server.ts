/**
 * A real API server process on an already migrated database, as `npm start` runs it (without the
 * site): tests start two of these to race requests through separate processes. Prints
 * `{"port":N}` when listening; SIGTERM closes it. Test-only.
 */
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';
import { openDatabase } from '../../src/db/database';
import { connectRedis } from '../../src/startup';

const config = loadConfig();
const database = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA ? { schema: config.DATABASE_SCHEMA } : {});
// With REDIS_URL, as the server runs: the event bus (live deltas, a Betfair stream's messages) goes through Redis.
const redis = connectRedis(config.REDIS_URL);
const app = await buildApp({ config, database, ...(redis ? { redis } : {}) });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => redis?.quit())
    .then(() => process.exit(0));
});
