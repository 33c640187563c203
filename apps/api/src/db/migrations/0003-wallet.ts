import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './column-types';

/** Ledger rows are written once: the database itself refuses to change or remove them. */
const APPEND_ONLY_TABLES = ['ledger_transactions', 'ledger_entries', 'bonus_events'] as const;

/** System accounts every install has; game providers add theirs when they register. */
const SYSTEM_ACCOUNTS = [
  { account_key: 'house:real', kind: 'house', book: 'real' },
  { account_key: 'house:play', kind: 'house', book: 'play' },
  { account_key: 'payment_gateway:real', kind: 'payment_gateway', book: 'real' },
] as const;

/**
 * The wallet: a double-entry ledger in integer paise (see docs/adr/0004-double-entry-ledger.md), the bonus
 * wallets, stake buttons and idempotency keys.
 */
export function walletMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('ledger_accounts'), dialect)
        // 'u:{userId}:{kind}' for a player's accounts, '{kind}:{book}' or '{kind}:{code}:{book}' for the system's.
        .addColumn('account_key', 'varchar(120)', (col) => col.notNull().unique())
        .addColumn('owner_user_id', 'bigint', (col) => col.references('users.id'))
        .addColumn('kind', 'varchar(32)', (col) => col.notNull())
        // 'real' or 'play': play money (demo accounts) lives in books of its own.
        .addColumn('book', 'varchar(8)', (col) => col.notNull())
        // Stored only for accounts that must never go below zero (players'); null for the system's
        // unbounded accounts, whose balance is the sum of their entries (no hot row to lock).
        .addColumn('balance', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('ledger_accounts_id_book_uq', ['id', 'book'])
        .addCheckConstraint('ledger_accounts_book_ck', sql`book in ('real', 'play')`)
        .addCheckConstraint('ledger_accounts_balance_ck', sql`balance is null or balance >= 0`)
        .execute();
      await db.schema.createIndex('ledger_accounts_owner_idx').on('ledger_accounts').column('owner_user_id').execute();

      await withIdColumn(db.schema.createTable('ledger_transactions'), dialect)
        .addColumn('kind', 'varchar(40)', (col) => col.notNull())
        .addColumn('reference', 'varchar(200)', (col) => col.notNull())
        .addColumn('book', 'varchar(8)', (col) => col.notNull())
        .addColumn('user_id', 'bigint')
        .addColumn('session_id', 'varchar(64)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('ledger_transactions_id_book_uq', ['id', 'book'])
        .execute();
      await db.schema
        .createIndex('ledger_transactions_kind_ref_idx')
        .on('ledger_transactions')
        .columns(['kind', 'reference'])
        .execute();

      await withIdColumn(db.schema.createTable('ledger_entries'), dialect)
        .addColumn('transaction_id', 'bigint', (col) => col.notNull())
        .addColumn('account_id', 'bigint', (col) => col.notNull())
        .addColumn('book', 'varchar(8)', (col) => col.notNull())
        // Signed paise: positive raises the account's balance.
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addColumn('balance_after', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        // The book is part of both keys, so an entry can only join a transaction and an account of its own book.
        .addForeignKeyConstraint('ledger_entries_tx_fk', ['transaction_id', 'book'], 'ledger_transactions', ['id', 'book'])
        .addForeignKeyConstraint('ledger_entries_account_fk', ['account_id', 'book'], 'ledger_accounts', ['id', 'book'])
        .addCheckConstraint('ledger_entries_amount_ck', sql`amount <> 0`)
        .execute();
      await db.schema.createIndex('ledger_entries_account_idx').on('ledger_entries').columns(['account_id', 'id']).execute();
      await db.schema
        .createIndex('ledger_entries_account_time_idx')
        .on('ledger_entries')
        .columns(['account_id', 'created_at'])
        .execute();
      await db.schema.createIndex('ledger_entries_tx_idx').on('ledger_entries').column('transaction_id').execute();

      await db.schema
        .createTable('wallet_status')
        .addColumn('user_id', 'bigint', (col) => col.primaryKey().references('users.id'))
        .addColumn('active_wallet', 'integer', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      await withIdColumn(db.schema.createTable('bonuses'), dialect)
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
        .addColumn('wallet', 'varchar(8)', (col) => col.notNull())
        .addColumn('reason', 'varchar(200)', (col) => col.notNull())
        .addColumn('granted_amount', 'bigint', (col) => col.notNull())
        .addColumn('wagering_requirement', 'bigint', (col) => col.notNull())
        .addColumn('release_share_bp', 'integer', (col) => col.notNull())
        .addColumn('turnover', 'bigint', (col) => col.notNull().defaultTo(0))
        // Split bonuses: how many times turnover has reached the bonus amount and released a share.
        .addColumn('release_steps', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('released_amount', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('expired_amount', 'bigint', (col) => col.notNull().defaultTo(0))
        // Split bonuses: what is still unreleased. Wager bonuses: what was granted and not yet settled.
        .addColumn('remaining_amount', 'bigint', (col) => col.notNull())
        .addColumn('status', 'varchar(12)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('closed_at', 'bigint')
        .addCheckConstraint('bonuses_wallet_ck', sql`wallet in ('split', 'wager')`)
        .addCheckConstraint('bonuses_status_ck', sql`status in ('active', 'completed', 'expired')`)
        .execute();
      await db.schema.createIndex('bonuses_user_idx').on('bonuses').columns(['user_id', 'status', 'id']).execute();
      await db.schema.createIndex('bonuses_expiry_idx').on('bonuses').columns(['status', 'expires_at']).execute();

      await withIdColumn(db.schema.createTable('bonus_events'), dialect)
        .addColumn('bonus_id', 'bigint', (col) => col.notNull().references('bonuses.id'))
        .addColumn('user_id', 'bigint', (col) => col.notNull())
        .addColumn('kind', 'varchar(12)', (col) => col.notNull())
        .addColumn('wallet', 'varchar(8)', (col) => col.notNull())
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addColumn('transaction_id', 'bigint', (col) => col.references('ledger_transactions.id'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('bonus_events_user_idx').on('bonus_events').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('stake_buttons')
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
        .addColumn('type', 'varchar(8)', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('button_name', 'varchar(40)', (col) => col.notNull())
        .addColumn('value_paise', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('stake_buttons_pk', ['user_id', 'type', 'position'])
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'bigint', (col) => col.notNull())
        .addColumn('idem_key', 'varchar(200)', (col) => col.notNull())
        .addColumn('route', 'varchar(200)', (col) => col.notNull())
        .addColumn('request_hash', 'varchar(64)', (col) => col.notNull())
        .addColumn('state', 'varchar(12)', (col) => col.notNull())
        .addColumn('response_status', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'idem_key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

      await installAppendOnlyTriggers(db, dialect);
      const now = Date.now();
      await db
        .insertInto('ledger_accounts' as never)
        .values(SYSTEM_ACCOUNTS.map((account) => ({ ...account, owner_user_id: null, balance: null, created_at: now })) as never)
        .execute();
    },
  };
}

async function installAppendOnlyTriggers(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`create function ledger_refuse_change() returns trigger language plpgsql as $$
      begin raise exception 'ledger rows are append-only (%)', tg_table_name; end $$`.execute(db);
    for (const table of APPEND_ONLY_TABLES) {
      await sql
        .raw(
          `create trigger ${table}_append_only before update or delete on ${table} for each row execute function ledger_refuse_change()`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of APPEND_ONLY_TABLES) {
    for (const action of ['update', 'delete']) {
      await sql
        .raw(
          `create trigger ${table}_no_${action} before ${action} on ${table} begin select raise(abort, 'ledger rows are append-only (${table})'); end`,
        )
        .execute(db);
    }
  }
}
