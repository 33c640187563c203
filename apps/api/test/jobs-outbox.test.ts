import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { findJobByKey, leaseDueJobs } from '../src/db/jobs';
import { moneyTransaction, writeTransaction } from '../src/db/unit-of-work';
import { createLocalEventBus } from '../src/lib/event-bus';
import { createJobRunner, retryDelayMs } from '../src/db/job-runner';
import { createOutboxRelay } from '../src/db/outbox-relay';
import { BALANCE_CHANGED_TOPIC } from '../src/modules/ledger/ledger.service';
import { ref } from './support/refs';
import { testDatabaseKind } from './test-app';
import { openWalletTestDb, type WalletTestDb } from './wallet-support';

const quiet = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

let t: WalletTestDb;
/**
 * PostgreSQL: a second connection pool on the same database, as a second API instance has. SQLite
 * runs one API process (better-sqlite3 waits for a lock synchronously, so two handles in one
 * process would wait on each other): the same handle.
 */
let other: DatabaseHandle;
beforeAll(async () => {
  t = await openWalletTestDb();
  const env = t.databaseEnv;
  other =
    testDatabaseKind() === 'postgres'
      ? openDatabase(env.DATABASE_URL ?? '', env.DATABASE_SCHEMA ? { schema: env.DATABASE_SCHEMA } : {})
      : t.database;
});
afterAll(async () => {
  if (other !== t.database) await other.close();
  await t.close();
});

describe('durable jobs', () => {
  it('runs a job once even when two instances poll at the same moment', async () => {
    const ran: string[] = [];
    const runners = [t.db, other.db].map((db, index) => {
      const runner = createJobRunner(db, t.clock, quiet);
      runner.handle('count', async (payload) => {
        ran.push(`${index}:${String((payload as { n: number }).n)}`);
      });
      return runner;
    });
    for (let n = 0; n < 10; n++)
      await runners[0]!.enqueue(t.db, { kind: 'count', key: `count:${n}`, payload: { n }, runAt: t.clock.now() });
    // The same key again is the same work: not added twice.
    expect(await runners[1]!.enqueue(t.db, { kind: 'count', key: 'count:3', payload: { n: 3 }, runAt: t.clock.now() })).toBe(
      false,
    );
    await Promise.all([runners[0]!.runDue(), runners[1]!.runDue(), runners[0]!.runDue()]);
    await Promise.all(runners.map((runner) => runner.runDue()));
    expect(ran.map((entry) => entry.split(':')[1]).sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect((await findJobByKey(t.db, 'count:3'))?.status).toBe('done');
  });

  it('retries a failed job with back-off, and gives up after its attempts', async () => {
    const runner = createJobRunner(t.db, t.clock, quiet);
    let calls = 0;
    runner.handle('flaky', async () => {
      calls += 1;
      if (calls < 2) throw new Error('the provider did not answer');
    });
    runner.handle('doomed', async () => {
      throw new Error('never works');
    });
    await runner.enqueue(t.db, { kind: 'flaky', key: 'flaky:1', runAt: t.clock.now() });
    await runner.enqueue(t.db, { kind: 'doomed', key: 'doomed:1', runAt: t.clock.now(), maxAttempts: 2 });
    await runner.runDue();
    const waiting = await findJobByKey(t.db, 'flaky:1');
    expect(waiting).toMatchObject({ status: 'pending', last_error: 'the provider did not answer' });
    expect(Number(waiting?.run_at)).toBe(t.clock.now() + retryDelayMs(1));
    expect(await runner.runDue()).toBe(0);
    t.clock.advance(retryDelayMs(2));
    await runner.runDue();
    expect(calls).toBe(2);
    expect((await findJobByKey(t.db, 'flaky:1'))?.status).toBe('done');
    expect((await findJobByKey(t.db, 'doomed:1'))?.status).toBe('failed');
  });

  it('gives the job of an instance that died to another once its lease runs out', async () => {
    const runner = createJobRunner(other.db, t.clock, quiet);
    const ran: number[] = [];
    runner.handle('orphan', async () => void ran.push(1));
    await runner.enqueue(t.db, { kind: 'orphan', key: 'orphan:1', runAt: t.clock.now() });
    // An instance leased it for 5 s and died.
    const leased = await writeTransaction(t.db, (tx) =>
      leaseDueJobs(tx, 'dead-instance', t.clock.now(), t.clock.now() + 5_000, 100),
    );
    expect(leased.map((job) => job.job_key)).toContain('orphan:1');
    await runner.runDue();
    expect(ran).toEqual([]);
    t.clock.advance(5_001);
    await runner.runDue();
    expect(ran).toEqual([1]);
  });

  it('runs a recurring task once per turn across instances', async () => {
    let turns = 0;
    const runners = [t.db, other.db].map((db) => {
      const runner = createJobRunner(db, t.clock, quiet);
      runner.every('tick test', 60_000, async () => void (turns += 1));
      return runner;
    });
    await Promise.all(runners.map((runner) => runner.start()));
    await Promise.all(runners.map((runner) => runner.stop()));
    t.clock.advance(60_000);
    await Promise.all(runners.map((runner) => runner.runDue()));
    expect(turns).toBe(1);
    t.clock.advance(60_000);
    await Promise.all(runners.map((runner) => runner.runDue()));
    expect(turns).toBe(2);
  });
});

describe('the outbox', () => {
  it('publishes the balance change of a committed money transaction once, and nothing for a rolled-back one', async () => {
    const userId = await t.addPlayer('outbox_player');
    const bus = createLocalEventBus();
    const heard: unknown[] = [];
    bus.subscribe(BALANCE_CHANGED_TOPIC, (payload) => heard.push(payload));
    const relays = [t.db, other.db].map((db) => createOutboxRelay(db, bus, t.clock, quiet));
    await Promise.all(relays.map((relay) => relay.relayNow()));
    heard.length = 0;

    const credit = (fail: boolean) =>
      moneyTransaction(t.db, { userIds: [userId], now: t.clock.now() }, async (tx) => {
        const posted = await t.module.ledger.transfer(tx, {
          kind: 'operator_credit',
          reference: ref('outbox'),
          userId,
          from: { system: 'house' },
          to: { userId, kind: 'cash' },
          amount: 500,
        });
        if (fail) throw new Error('rolled back');
        return posted.transactionId;
      });
    await expect(credit(true)).rejects.toThrow('rolled back');
    const transactionId = await credit(false);
    await Promise.all([relays[0]!.relayNow(), relays[1]!.relayNow()]);
    await Promise.all(relays.map((relay) => relay.relayNow()));
    expect(heard).toEqual([{ user_ids: [userId], transaction_id: transactionId, event_id: expect.any(Number) }]);
  });

  it.runIf(testDatabaseKind() === 'postgres')('PostgreSQL: money transactions send no NOTIFY (no balance trigger)', async () => {
    const { rows } = await sql<{ name: string }>`
      select tgname as name from pg_trigger where tgrelid = 'ledger_accounts'::regclass and not tgisinternal`.execute(other.db);
    expect(rows.map((row) => row.name)).not.toContain('ledger_accounts_user_changed');
  });
});
