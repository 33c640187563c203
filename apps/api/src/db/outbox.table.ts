import type { Generated } from 'kysely';

/** Events written by a money transaction, published after it commits (docs/adr/0009). */
export interface OutboxEventsTable {
  id: Generated<number>;
  topic: string;
  /** JSON. */
  payload: string;
  created_at: number;
  published_at: number | null;
}

// In the one Kysely schema.
declare module './schema' {
  interface Database {
    outbox_events: OutboxEventsTable;
  }
}
