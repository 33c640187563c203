import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './column-types';

/**
 * The money core (docs/adr/0009-unit-of-work.md):
 * - "once" is the database's rule: a ledger transaction's (kind, reference) is unique, and a
 *   reversal names what it reverses (each transaction is reversed at most once);
 * - exposure held per player and market, with the cash and bonus shares it came from;
 * - durable jobs any instance can lease, and an outbox written in the money transaction;
 * - no NOTIFY trigger on balances: PostgreSQL serialises the commits of notifying transactions.
 */
export function moneyCoreMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('ledger_transactions').addColumn('note', 'varchar(200)').execute();
      await db.schema
        .alterTable('ledger_transactions')
        .addColumn('reverses_transaction_id', 'bigint', (col) => col.references('ledger_transactions.id'))
        .execute();
      await db.schema
        .createIndex('ledger_transactions_reverses_uq')
        .unique()
        .on('ledger_transactions')
        .column('reverses_transaction_id')
        .execute();
      // Rows written before this rule may repeat a reference (operator reasons were references);
      // the ledger is append-only, so the rule starts after them.
      const last = await sql<{ id: number | null }>`select max(id) as id from ledger_transactions`.execute(db);
      const after = Number(last.rows[0]?.id ?? 0);
      await sql
        .raw(`create unique index ledger_transactions_once_uq on ledger_transactions (kind, reference) where id > ${after}`)
        .execute(db);

      await db.schema
        .createTable('market_exposure')
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
        .addColumn('market_key', 'varchar(80)', (col) => col.notNull())
        .addColumn('cash_held', 'bigint', (col) => col.notNull())
        .addColumn('bonus_held', 'bigint', (col) => col.notNull())
        // Counts the adjustments: it names each one's ledger transaction.
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('market_exposure_pk', ['user_id', 'market_key'])
        .addCheckConstraint('market_exposure_held_ck', sql`cash_held >= 0 and bonus_held >= 0`)
        .execute();

      await withIdColumn(db.schema.createTable('jobs'), dialect)
        .addColumn('kind', 'varchar(40)', (col) => col.notNull())
        // At most one pending job per key (e.g. 'settle:market:123', 'recurring:bonus-expiry').
        .addColumn('job_key', 'varchar(200)', (col) => col.notNull().unique())
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('status', 'varchar(12)', (col) => col.notNull())
        .addColumn('run_at', 'bigint', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (col) => col.notNull())
        .addColumn('lease_owner', 'varchar(64)')
        .addColumn('lease_until', 'bigint')
        .addColumn('last_error', 'varchar(500)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addCheckConstraint('jobs_status_ck', sql`status in ('pending', 'running', 'done', 'failed')`)
        .execute();
      await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();

      await withIdColumn(db.schema.createTable('outbox_events'), dialect)
        .addColumn('topic', 'varchar(80)', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('published_at', 'bigint')
        .execute();
      await sql.raw('create index outbox_events_unpublished_idx on outbox_events (id) where published_at is null').execute(db);

      // Where `ledger verify --incremental` starts: what the last clean audit vouched for.
      await withIdColumn(db.schema.createTable('ledger_checkpoints'), dialect)
        .addColumn('last_transaction_id', 'bigint', (col) => col.notNull())
        .addColumn('last_entry_id', 'bigint', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();

      if (dialect === 'postgres') await sql`drop trigger ledger_accounts_user_changed on ledger_accounts`.execute(db);
    },
  };
}
