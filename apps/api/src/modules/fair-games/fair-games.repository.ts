import { sql } from 'kysely';
import type { Db } from '../../db/database';

const KEY_ROW_ID = 1;

export async function findProviderKeys(db: Db) {
  return db
    .selectFrom('fair_provider_keys')
    .select(['private_key', 'public_key'])
    .where('id', '=', KEY_ROW_ID)
    .executeTakeFirst();
}

/** Stores the key pair unless another process stored one first; the stored pair wins. */
export async function insertProviderKeysOnce(db: Db, keys: { private_key: string; public_key: string }, now: number) {
  await db
    .insertInto('fair_provider_keys')
    .values({ id: KEY_ROW_ID, ...keys, created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export interface SeedRow {
  id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
  next_server_seed: string | null;
  next_server_seed_hash: string | null;
}

export async function findActiveSeed(db: Db, player: string): Promise<SeedRow | undefined> {
  const row = await db
    .selectFrom('fair_seeds')
    .select(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'next_nonce', 'next_server_seed', 'next_server_seed_hash'])
    .where('player', '=', player)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return row ? { ...row, id: Number(row.id), next_nonce: Number(row.next_nonce) } : undefined;
}

/** A new active pair; fails on the one-active-pair index if the player already has one. */
export async function insertActiveSeed(
  db: Db,
  values: {
    player: string;
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    next_server_seed: string;
    next_server_seed_hash: string;
    created_at: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('fair_seeds')
    .values({ ...values, next_nonce: 0, is_active: 1, revealed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Commits a next server seed to a pair that has none yet (pairs from before next seeds existed). */
export async function commitNextSeed(db: Db, seedId: number, next: { seed: string; hash: string }) {
  await db
    .updateTable('fair_seeds')
    .set({ next_server_seed: next.seed, next_server_seed_hash: next.hash })
    .where('id', '=', seedId)
    .where('next_server_seed', 'is', null)
    .execute();
}

/** Changes the client seed of an active pair no round has used yet; false when one has. */
export async function setUnplayedClientSeed(db: Db, seedId: number, clientSeed: string): Promise<boolean> {
  const result = await db
    .updateTable('fair_seeds')
    .set({ client_seed: clientSeed })
    .where('id', '=', seedId)
    .where('is_active', '=', 1)
    .where('next_nonce', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Retires the player's active pair (its server seed becomes public) and answers it as it was at
 * that moment, in one statement; undefined when the player had no active pair any more.
 */
export async function revealActiveSeed(db: Db, player: string, now: number): Promise<SeedRow | undefined> {
  const row = await db
    .updateTable('fair_seeds')
    .set({ is_active: 0, revealed_at: now })
    .where('player', '=', player)
    .where('is_active', '=', 1)
    .returning([
      'id',
      'server_seed',
      'server_seed_hash',
      'client_seed',
      'next_nonce',
      'next_server_seed',
      'next_server_seed_hash',
    ])
    .executeTakeFirst();
  return row ? { ...row, id: Number(row.id), next_nonce: Number(row.next_nonce) } : undefined;
}

/**
 * Takes the next nonce of an active pair atomically (two rounds at once never share one), with
 * the seeds as they are at that moment. Undefined when the pair was rotated meanwhile.
 */
export async function takeNonce(
  db: Db,
  seedId: number,
): Promise<{ nonce: number; server_seed: string; client_seed: string } | undefined> {
  const row = await db
    .updateTable('fair_seeds')
    .set({ next_nonce: sql`next_nonce + 1` })
    .where('id', '=', seedId)
    .where('is_active', '=', 1)
    .returning(['next_nonce', 'server_seed', 'client_seed'])
    .executeTakeFirst();
  if (!row) return undefined;
  return { nonce: Number(row.next_nonce) - 1, server_seed: row.server_seed, client_seed: row.client_seed };
}

export async function insertRound(
  db: Db,
  values: {
    round_uuid: string;
    player: string;
    game_code: string;
    seed_id: number;
    nonce: number;
    params: string;
    stake: number;
    multiplier: number;
    payout: number;
    outcome: string;
    rules: number;
    created_at: number;
  },
) {
  await db.insertInto('fair_rounds').values(values).execute();
}

function roundsQuery(db: Db) {
  return db
    .selectFrom('fair_rounds as r')
    .innerJoin('fair_seeds as s', 's.id', 'r.seed_id')
    .select([
      'r.round_uuid',
      'r.game_code',
      'r.created_at',
      'r.nonce',
      'r.params',
      'r.stake',
      'r.multiplier',
      'r.payout',
      'r.outcome',
      's.server_seed_hash',
      's.client_seed',
      's.server_seed',
      's.revealed_at',
      'r.rules',
    ]);
}
export type RoundRow = Awaited<ReturnType<ReturnType<typeof roundsQuery>['execute']>>[number];

export async function listRounds(db: Db, player: string, gameCode: string | undefined, limit: number): Promise<RoundRow[]> {
  let query = roundsQuery(db).where('r.player', '=', player);
  if (gameCode) query = query.where('r.game_code', '=', gameCode);
  return query.orderBy('r.id', 'desc').limit(limit).execute();
}

export async function findRound(db: Db, roundUuid: string): Promise<RoundRow | undefined> {
  return roundsQuery(db).where('r.round_uuid', '=', roundUuid).executeTakeFirst();
}

export async function countSeedRounds(db: Db, seedId: number): Promise<number> {
  const row = await db
    .selectFrom('fair_rounds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('seed_id', '=', seedId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
