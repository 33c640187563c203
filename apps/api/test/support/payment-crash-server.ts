/**
 * A real API server process that dies (SIGKILL, no clean-up) the moment a payment callback has
 * been received and recorded and before its money moves: the crash of the deposit tests
 * (docs/payments.md, "Callback rules"). Prints `{"port":N}` when listening. Test-only: it is never
 * part of the product.
 */
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';
import { openDatabase } from '../../src/db/database';

const config = loadConfig();
const database = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA ? { schema: config.DATABASE_SCHEMA } : {});
const app = await buildApp({
  config,
  database,
  paymentTestHooks: {
    afterCallbackReceived() {
      process.kill(process.pid, 'SIGKILL');
    },
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
