import type { IdempotencyKeysTable } from './idempotency.repository';

// Answers kept for retried requests (plugins/idempotency.ts), in the one Kysely schema.
declare module './schema' {
  interface Database {
    idempotency_keys: IdempotencyKeysTable;
  }
}
