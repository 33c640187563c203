import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './column-types';

/**
 * Crash rounds from published SHA-256 hash chains (docs/casino-fairness.md, Crash): each chain's
 * terminating hash and salt commitment are published before its first round; rounds walk the
 * chain backwards. The chain's secret (its last hash) and a checkpoint every few thousand
 * positions are kept, so a round's hash is a few thousand hashes away at most.
 */
export function crashChainsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('fair_crash_chains'), dialect)
        .addColumn('length', 'bigint', (col) => col.notNull())
        .addColumn('terminating_hash', 'varchar(64)', (col) => col.notNull().unique())
        // Secret until the chain's last round: the hash at position `length`.
        .addColumn('chain_seed', 'varchar(64)', (col) => col.notNull())
        .addColumn('salt', 'varchar(64)', (col) => col.notNull())
        .addColumn('salt_hash', 'varchar(64)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        // When its first round opened (and its salt became public).
        .addColumn('started_at', 'bigint')
        .addColumn('first_round_number', 'bigint')
        .execute();
      await db.schema
        .createTable('fair_crash_chain_checkpoints')
        .addColumn('chain_id', 'bigint', (col) => col.notNull())
        .addColumn('position', 'bigint', (col) => col.notNull())
        .addColumn('hash', 'varchar(64)', (col) => col.notNull())
        .addPrimaryKeyConstraint('fair_crash_chain_checkpoints_pk', ['chain_id', 'position'])
        .execute();
      // Rounds of a chain (null: rounds of the first rules, each with its own seed).
      await db.schema.alterTable('fair_crash_rounds').addColumn('chain_id', 'bigint').execute();
      await db.schema.alterTable('fair_crash_rounds').addColumn('chain_position', 'bigint').execute();
      await db.schema
        .createIndex('fair_crash_rounds_chain_uq')
        .on('fair_crash_rounds')
        .columns(['chain_id', 'chain_position'])
        .unique()
        .execute();
    },
  };
}
