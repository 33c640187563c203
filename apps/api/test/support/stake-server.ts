/**
 * A real API server process with one extra money-moving endpoint, `test/stake`, that debits a
 * stake from the caller's cash through the ledger service. Bets will add the product's own; until
 * then the concurrency test runs two of these against one database. Prints `{"port":N}` when
 * listening. Test-only: it is never part of the product.
 */
import { randomUUID } from 'node:crypto';
import { defineEndpoint } from '@app/shared';
import { z } from 'zod';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';
import { createLedger } from '../../src/modules/ledger';
import { registerEndpoint } from '../../src/plugins/contract';
import { openDatabase } from '../../src/db/database';
import { moneyTransaction } from '../../src/db/unit-of-work';

export const stakeEndpoint = defineEndpoint({
  method: 'POST',
  path: 'test/stake',
  auth: 'user',
  request: z.strictObject({ amount: z.number().int().positive() }),
  data: z.object({ cash: z.number() }),
  isMoneyMoving: true,
});

const config = loadConfig();
// The test has migrated the database already; the pool is the size a server runs with.
const database = openDatabase(config.DATABASE_URL, config.DATABASE_SCHEMA ? { schema: config.DATABASE_SCHEMA } : {});
const app = await buildApp({ config, database });
const ledger = createLedger({ now: () => Date.now() });
registerEndpoint(app, stakeEndpoint, async ({ body, request }) => {
  const userId = request.user.userId;
  const data = await moneyTransaction(
    database.db,
    { userIds: [userId], idempotency: request.idempotency, now: Date.now() },
    async (tx) => {
      const posted = await ledger.transfer(tx, {
        kind: 'operator_debit',
        reference: `stake:${randomUUID()}`,
        note: `process ${process.pid}`,
        userId,
        sessionId: String(request.user.sessionId),
        from: { userId, kind: 'cash' },
        to: { system: 'house' },
        amount: body.amount,
      });
      return { cash: posted.balances.get(`u:${userId}:cash`) ?? 0 };
    },
  );
  return { data };
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
