import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './database';
import { hasUnpublished, markPublished, takeUnpublished } from './outbox';
import { outsideTransactionScope } from './transaction-scope';
import { pollLoop } from '../lib/poll-loop';
import { writeTransaction } from './unit-of-work';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/event-bus';

/**
 * Publishes outbox events (written inside money transactions) to the event bus: in-process, and
 * through Redis to every instance when the bus is shared. At least once, in id order per batch;
 * subscribers key on the ids inside the payload. Each instance relays; PostgreSQL's SKIP LOCKED
 * keeps two relays off the same rows.
 */
export interface OutboxRelay {
  /** Publishes what is waiting now (tests and the poll loop). */
  relayNow(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export const OUTBOX_POLL_MS = 100;
const BATCH = 200;

export function createOutboxRelay(db: Db, bus: EventBus, clock: Clock, logger: FastifyBaseLogger): OutboxRelay {
  let running: Promise<number> | undefined;

  async function relayBatch(): Promise<number> {
    // A cheap read first: most polls find nothing and take no write lock.
    if (!(await hasUnpublished(db))) return 0;
    return writeTransaction(db, async (tx) => {
      const taken = await takeUnpublished(tx, BATCH);
      await markPublished(
        tx,
        taken.map((event) => event.id),
        clock.now(),
      );
      // Published before the mark commits: a crash in between publishes again (at least once),
      // never not at all.
      // Subscribers read on their own connections: not inside this transaction.
      outsideTransactionScope(() => {
        for (const event of taken) bus.publish(event.topic, { ...(event.payload as object), event_id: event.id });
      });
      return taken.length;
    });
  }

  const relay: OutboxRelay = {
    async relayNow() {
      running ??= (async () => {
        let total = 0;
        for (let count = await relayBatch(); count > 0; count = await relayBatch()) total += count;
        return total;
      })().finally(() => (running = undefined));
      return running;
    },
    start() {
      loop.start();
    },
    async stop() {
      await loop.stop();
      await running;
    },
  };
  const loop = pollLoop(
    () => relay.relayNow(),
    OUTBOX_POLL_MS,
    (error) => logger.error({ err: error }, 'outbox relay failed'),
  );
  return relay;
}
