import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Seeds committed before the player chooses (docs/casino-fairness.md, Seeds): every active pair
 * carries the next server seed, whose hash is shown before the player picks the client seed that
 * will play with it. A player has one active pair at most (two requests that raced used to leave
 * two; the newest one stays active, the others are retired and revealed). Rounds record the
 * rules they were played under (1 before Dice, Limbo and Mines took Stake's formulas).
 */
export function fairSeedCommitmentsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('fair_seeds').addColumn('next_server_seed', 'varchar(64)').execute();
      await db.schema.alterTable('fair_seeds').addColumn('next_server_seed_hash', 'varchar(64)').execute();
      await sql`update fair_seeds set is_active = 0, revealed_at = created_at
        where is_active = 1 and id < (
          select max(newer.id) from fair_seeds newer where newer.player = fair_seeds.player and newer.is_active = 1
        )`.execute(db);
      await db.schema
        .createIndex('fair_seeds_one_active_uq')
        .on('fair_seeds')
        .column('player')
        .unique()
        .where(sql.ref('is_active'), '=', 1)
        .execute();
      await db.schema
        .alterTable('fair_rounds')
        .addColumn('rules', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
    },
  };
}
