import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';

const DEPOSIT_STATUSES_AT_0170 = `'pending', 'credited', 'failed', 'abandoned', 'held', 'refunded'`;

/**
 * The console, the deposit limit and the game token hardened (docs/operators.md, docs/payments.md,
 * docs/casino.md):
 * - deposit orders may be `held` (a late gateway success that the deposit checks refuse waits for
 *   an operator) and `refunded` (an operator gave a held payment back at the gateway);
 * - identity documents live in the database (`kyc_documents`), so every instance reads them, and a
 *   player has at most one submission waiting (a partial unique index; older duplicates, which
 *   parallel submissions could leave, are closed first);
 * - a game session names the site session that launched it, and ends with it;
 * - the audit log refuses TRUNCATE on PostgreSQL too (a statement trigger; SQLite has no TRUNCATE,
 *   its `delete` trigger covers `delete from`);
 * - operators' lock-out moved to counters per operator and address (the login throttle), so the
 *   per-operator columns go.
 */
export function hardeningConsoleMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`alter table payment_deposits drop constraint payment_deposits_status_ck`.execute(db);
        await sql
          .raw(
            `alter table payment_deposits add constraint payment_deposits_status_ck check (status in (${DEPOSIT_STATUSES_AT_0170}))`,
          )
          .execute(db);
      } else {
        await rebuildSqliteDeposits(db);
      }

      await db.schema
        .createTable('kyc_documents')
        .addColumn('submission_id', 'bigint', (col) => col.primaryKey().references('kyc_submissions.id'))
        .addColumn('content_type', 'varchar(20)', (col) => col.notNull())
        .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      // Parallel submissions could leave several waiting: the newest stays, the others are closed.
      await sql`
        update kyc_submissions set status = 'rejected', reason = 'Sent again: the newer submission is the one checked'
        where status = 'submitted'
          and id < (select max(k.id) from kyc_submissions k where k.user_id = kyc_submissions.user_id and k.status = 'submitted')
      `.execute(db);
      await db.schema
        .createIndex('kyc_submissions_one_waiting_uq')
        .on('kyc_submissions')
        .column('user_id')
        .unique()
        .where(sql.ref('status'), '=', 'submitted')
        .execute();

      // Null for game sessions launched before: they keep their own expiry.
      await db.schema.alterTable('casino_game_sessions').addColumn('session_id', 'bigint').execute();

      if (dialect === 'postgres') {
        await sql`create trigger operator_audit_no_truncate before truncate on operator_audit
          for each statement execute function operator_audit_append_only()`.execute(db);
      }

      await db.schema.alterTable('operators').dropColumn('failed_logins').execute();
      await db.schema.alterTable('operators').dropColumn('locked_until').execute();
    },
  };
}

/** SQLite cannot change a check constraint: the table is built again with the new one. */
async function rebuildSqliteDeposits(db: Kysely<unknown>): Promise<void> {
  const columns =
    'id, order_id, user_id, amount, currency, method, gateway, status, provider_ref, redirect_url, ledger_transaction_id, created_at, updated_at';
  await sql
    .raw(
      `create table payment_deposits_0170 (
        id integer primary key autoincrement,
        order_id varchar(40) not null unique,
        user_id bigint not null references users (id),
        amount bigint not null,
        currency varchar(3) not null,
        method varchar(16) not null,
        gateway varchar(32) not null,
        status varchar(12) not null,
        provider_ref varchar(120),
        redirect_url varchar(500),
        ledger_transaction_id bigint,
        created_at bigint not null,
        updated_at bigint not null,
        constraint payment_deposits_status_ck check (status in (${DEPOSIT_STATUSES_AT_0170})),
        constraint payment_deposits_amount_ck check (amount > 0)
      )`,
    )
    .execute(db);
  await sql.raw(`insert into payment_deposits_0170 (${columns}) select ${columns} from payment_deposits`).execute(db);
  await sql`drop table payment_deposits`.execute(db);
  await sql`alter table payment_deposits_0170 rename to payment_deposits`.execute(db);
  await db.schema.createIndex('payment_deposits_user_idx').on('payment_deposits').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('payment_deposits_status_idx').on('payment_deposits').columns(['status', 'created_at']).execute();
}
