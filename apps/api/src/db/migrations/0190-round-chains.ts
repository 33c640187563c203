import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './column-types';

/**
 * Round chains for every shared-round game (docs/casino-fairness.md, "Round chains"): Crash's
 * chains become `fair_round_chains`, named by game, which the live tables' rounds now walk too.
 * A chain states when it may start (`starts_at`, a notice after publication) and where its salt
 * comes from: a drand quicknet round fixed at publication (`beacon_round`; salt unknown until
 * that round is out) or, as the offline fallback, one we drew (`salt_hash` committed). The
 * existing chains were Crash's and self-salted, startable at once; they keep their ids.
 */
export function roundChainsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('fair_round_chains'), dialect)
        .addColumn('game_code', 'varchar(60)', (col) => col.notNull())
        .addColumn('length', 'bigint', (col) => col.notNull())
        .addColumn('terminating_hash', 'varchar(64)', (col) => col.notNull().unique())
        // Secret until the chain's last round: the hash at position `length`.
        .addColumn('chain_seed', 'varchar(64)', (col) => col.notNull())
        // 'drand': salted by a drand quicknet round; 'self': by a salt we drew (offline fallback).
        .addColumn('salt_source', 'varchar(10)', (col) => col.notNull())
        // Null until known: a drand chain's once its round is out and checked.
        .addColumn('salt', 'varchar(64)')
        // SHA-256 of a self-drawn salt, published with the chain; null for drand chains.
        .addColumn('salt_hash', 'varchar(64)')
        .addColumn('beacon_round', 'bigint')
        .addColumn('beacon_signature', 'varchar(96)')
        .addColumn('published_at', 'bigint', (col) => col.notNull())
        // No round of it before this: the notice players had to see the chain.
        .addColumn('starts_at', 'bigint', (col) => col.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('first_round_number', 'bigint')
        .execute();
      await db.schema.createIndex('fair_round_chains_game_idx').on('fair_round_chains').columns(['game_code', 'id']).execute();
      await sql`insert into fair_round_chains
          (id, game_code, length, terminating_hash, chain_seed, salt_source, salt, salt_hash, beacon_round,
           beacon_signature, published_at, starts_at, started_at, first_round_number)
        select id, 'crash', length, terminating_hash, chain_seed, 'self', salt, salt_hash, null,
           null, created_at, created_at, started_at, first_round_number
        from fair_crash_chains`.execute(db);
      if (dialect === 'postgres') {
        await sql`select setval(pg_get_serial_sequence('fair_round_chains', 'id'),
          coalesce((select max(id) from fair_round_chains), 0) + 1, false)`.execute(db);
      }
      await db.schema.dropTable('fair_crash_chains').execute();
      await db.schema.alterTable('fair_crash_chain_checkpoints').renameTo('fair_round_chain_checkpoints').execute();

      // Live rounds from chains: the round's chain hash is its server seed, the chain's salt its client seed.
      await db.schema.alterTable('live_table_rounds').addColumn('chain_id', 'bigint').execute();
      await db.schema.alterTable('live_table_rounds').addColumn('chain_position', 'bigint').execute();
      // Null for rounds before chains: their client seed was the table's code.
      await db.schema.alterTable('live_table_rounds').addColumn('client_seed', 'varchar(64)').execute();
      await db.schema
        .createIndex('live_table_rounds_chain_uq')
        .on('live_table_rounds')
        .columns(['chain_id', 'chain_position'])
        .unique()
        .execute();
    },
  };
}
