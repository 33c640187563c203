import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './column-types';

/** The posting kinds payments add to the closed list (packages/shared/src/domain/postings.ts). */
const PAYMENT_POSTING_KINDS = ['deposit_credit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout'];

/**
 * Payments (docs/payments.md): deposit orders, payout destinations, withdrawals, the gateways'
 * events (each processed once), identity checks, the gateways' secrets, the sandbox gateway's own
 * books, the posting kinds of the money verbs, and the system account that holds withdrawals
 * while they wait (real money only: the play book never pays out).
 */
export function paymentsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('payment_deposits'), dialect)
        .addColumn('order_id', 'varchar(40)', (col) => col.notNull().unique())
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('method', 'varchar(16)', (col) => col.notNull())
        .addColumn('gateway', 'varchar(32)', (col) => col.notNull())
        .addColumn('status', 'varchar(12)', (col) => col.notNull())
        // The gateway's own name for the payment and its hosted page, once it was created there.
        .addColumn('provider_ref', 'varchar(120)')
        .addColumn('redirect_url', 'varchar(500)')
        .addColumn('ledger_transaction_id', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addCheckConstraint('payment_deposits_status_ck', sql`status in ('pending', 'credited', 'failed', 'abandoned')`)
        .addCheckConstraint('payment_deposits_amount_ck', sql`amount > 0`)
        .execute();
      await db.schema
        .createIndex('payment_deposits_user_idx')
        .on('payment_deposits')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('payment_deposits_status_idx')
        .on('payment_deposits')
        .columns(['status', 'created_at'])
        .execute();

      await withIdColumn(db.schema.createTable('payment_destinations'), dialect)
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
        .addColumn('kind', 'varchar(8)', (col) => col.notNull())
        // 'upi:{id}' or 'bank:{ifsc}:{account}': one row per destination and player.
        .addColumn('destination_key', 'varchar(340)', (col) => col.notNull())
        .addColumn('upi_id', 'varchar(320)')
        .addColumn('account_number', 'varchar(18)')
        .addColumn('ifsc', 'varchar(11)')
        .addColumn('holder_name', 'varchar(100)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('payment_destinations_user_key_uq', ['user_id', 'destination_key'])
        .addCheckConstraint('payment_destinations_kind_ck', sql`kind in ('upi', 'bank')`)
        .execute();

      await withIdColumn(db.schema.createTable('payment_withdrawals'), dialect)
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('destination_id', 'bigint', (col) => col.notNull().references('payment_destinations.id'))
        .addColumn('destination_label', 'varchar(200)', (col) => col.notNull())
        .addColumn('status', 'varchar(12)', (col) => col.notNull())
        .addColumn('reason', 'varchar(200)')
        .addColumn('gateway', 'varchar(32)')
        .addColumn('provider_ref', 'varchar(120)')
        .addColumn('payout_requested_at', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addCheckConstraint(
          'payment_withdrawals_status_ck',
          sql`status in ('pending', 'approved', 'paid', 'failed', 'rejected', 'cancelled')`,
        )
        .addCheckConstraint('payment_withdrawals_amount_ck', sql`amount > 0`)
        .execute();
      await db.schema
        .createIndex('payment_withdrawals_user_idx')
        .on('payment_withdrawals')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('payment_withdrawals_status_idx')
        .on('payment_withdrawals')
        .columns(['status', 'created_at'])
        .execute();

      // A gateway's event is processed once: a repeat finds its row and changes nothing.
      await db.schema
        .createTable('payment_events')
        .addColumn('gateway', 'varchar(32)', (col) => col.notNull())
        .addColumn('event_id', 'varchar(120)', (col) => col.notNull())
        .addColumn('type', 'varchar(32)', (col) => col.notNull())
        .addColumn('target', 'varchar(60)', (col) => col.notNull())
        .addColumn('outcome', 'varchar(20)', (col) => col.notNull())
        .addColumn('received_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('payment_events_pk', ['gateway', 'event_id'])
        .execute();

      await withIdColumn(db.schema.createTable('kyc_submissions'), dialect)
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
        .addColumn('legal_name', 'varchar(100)', (col) => col.notNull())
        .addColumn('date_of_birth', 'varchar(10)', (col) => col.notNull())
        // The random name of the stored image in KYC_DOCUMENT_DIR (never served).
        .addColumn('document_name', 'varchar(80)', (col) => col.notNull())
        .addColumn('document_type', 'varchar(20)', (col) => col.notNull())
        .addColumn('status', 'varchar(12)', (col) => col.notNull())
        .addColumn('reason', 'varchar(200)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('reviewed_at', 'bigint')
        .addCheckConstraint('kyc_submissions_status_ck', sql`status in ('submitted', 'approved', 'rejected')`)
        .execute();
      await db.schema.createIndex('kyc_submissions_user_idx').on('kyc_submissions').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('kyc_submissions_status_idx').on('kyc_submissions').columns(['status', 'id']).execute();

      // A gateway's signing secret generated on first start (PAYMENT_SANDBOX_SECRET unset), shared by every instance.
      await db.schema
        .createTable('payment_gateway_secrets')
        .addColumn('gateway', 'varchar(32)', (col) => col.primaryKey())
        .addColumn('secret', 'varchar(200)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();

      // The sandbox gateway's books: what a real provider keeps on its side.
      await db.schema
        .createTable('sandbox_payments')
        .addColumn('token', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('order_id', 'varchar(40)', (col) => col.notNull().unique())
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('method', 'varchar(16)', (col) => col.notNull())
        .addColumn('status', 'varchar(12)', (col) => col.notNull())
        .addColumn('return_path', 'varchar(300)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addCheckConstraint('sandbox_payments_status_ck', sql`status in ('created', 'succeeded', 'failed', 'abandoned')`)
        .execute();
      await db.schema
        .createTable('sandbox_payouts')
        .addColumn('reference', 'varchar(60)', (col) => col.primaryKey())
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('destination', 'varchar(200)', (col) => col.notNull())
        .addColumn('status', 'varchar(12)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addCheckConstraint('sandbox_payouts_status_ck', sql`status in ('requested', 'paid', 'failed')`)
        .execute();

      await db
        .insertInto('ledger_posting_kinds' as never)
        .values(PAYMENT_POSTING_KINDS.map((kind) => ({ kind })) as never)
        .execute();
      await db
        .insertInto('ledger_accounts' as never)
        .values({
          account_key: 'withdrawals_pending:real',
          kind: 'withdrawals_pending',
          book: 'real',
          owner_user_id: null,
          balance: null,
          created_at: Date.now(),
        } as never)
        .execute();
    },
  };
}
