import type { Db } from '../../db/database';

const CHAIN_COLUMNS = [
  'id',
  'game_code',
  'length',
  'terminating_hash',
  'chain_seed',
  'salt_source',
  'salt',
  'salt_hash',
  'beacon_round',
  'beacon_signature',
  'published_at',
  'starts_at',
  'started_at',
  'first_round_number',
] as const;

export interface ChainRow {
  id: number;
  game_code: string;
  length: number;
  terminating_hash: string;
  chain_seed: string;
  salt_source: 'drand' | 'self';
  salt: string | null;
  salt_hash: string | null;
  beacon_round: number | null;
  beacon_signature: string | null;
  published_at: number;
  starts_at: number;
  started_at: number | null;
  first_round_number: number | null;
}

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function toChain(row: Record<(typeof CHAIN_COLUMNS)[number], unknown>): ChainRow {
  return {
    id: Number(row.id),
    game_code: String(row.game_code),
    length: Number(row.length),
    terminating_hash: String(row.terminating_hash),
    chain_seed: String(row.chain_seed),
    salt_source: row.salt_source === 'drand' ? 'drand' : 'self',
    salt: row.salt === null ? null : String(row.salt),
    salt_hash: row.salt_hash === null ? null : String(row.salt_hash),
    beacon_round: numberOrNull(row.beacon_round),
    beacon_signature: row.beacon_signature === null ? null : String(row.beacon_signature),
    published_at: Number(row.published_at),
    starts_at: Number(row.starts_at),
    started_at: numberOrNull(row.started_at),
    first_round_number: numberOrNull(row.first_round_number),
  };
}

export type NewChain = Omit<ChainRow, 'id' | 'started_at' | 'first_round_number' | 'beacon_signature'>;

export async function insertChain(db: Db, values: NewChain): Promise<number> {
  const row = await db
    .insertInto('fair_round_chains')
    .values({ ...values, beacon_signature: null, started_at: null, first_round_number: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertCheckpoints(db: Db, chainId: number, checkpoints: readonly { position: number; hash: string }[]) {
  // In slices: one statement holds a bounded number of parameters on both databases.
  for (let start = 0; start < checkpoints.length; start += 300) {
    await db
      .insertInto('fair_round_chain_checkpoints')
      .values(checkpoints.slice(start, start + 300).map((point) => ({ chain_id: chainId, ...point })))
      .execute();
  }
}

export async function findChain(db: Db, chainId: number): Promise<ChainRow | undefined> {
  const row = await db.selectFrom('fair_round_chains').select(CHAIN_COLUMNS).where('id', '=', chainId).executeTakeFirst();
  return row ? toChain(row) : undefined;
}

/** The game's chain published next after `chainId` (a game's chains play in the order they were published). */
export async function firstChainAfter(db: Db, gameCode: string, chainId: number): Promise<ChainRow | undefined> {
  const row = await db
    .selectFrom('fair_round_chains')
    .select(CHAIN_COLUMNS)
    .where('game_code', '=', gameCode)
    .where('id', '>', chainId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? toChain(row) : undefined;
}

export async function listChains(db: Db, gameCode: string, limit: number): Promise<ChainRow[]> {
  const rows = await db
    .selectFrom('fair_round_chains')
    .select(CHAIN_COLUMNS)
    .where('game_code', '=', gameCode)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toChain);
}

/** The stored hash nearest at or above `position` (the chain's secret is at its length). */
export async function checkpointAtOrAbove(db: Db, chainId: number, position: number) {
  const row = await db
    .selectFrom('fair_round_chain_checkpoints')
    .select(['position', 'hash'])
    .where('chain_id', '=', chainId)
    .where('position', '>=', position)
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  return row ? { position: Number(row.position), hash: row.hash } : undefined;
}

/** Marks the chain as started by its first round: from then on a self-drawn salt is public. */
export async function markChainStarted(db: Db, chainId: number, roundNumber: number, now: number) {
  await db
    .updateTable('fair_round_chains')
    .set({ started_at: now, first_round_number: roundNumber })
    .where('id', '=', chainId)
    .where('started_at', 'is', null)
    .execute();
}

/** Stores a drand chain's checked beacon round and the salt it gives, once (false: it had one). */
export async function storeBeacon(db: Db, chainId: number, signature: string, salt: string): Promise<boolean> {
  const result = await db
    .updateTable('fair_round_chains')
    .set({ beacon_signature: signature, salt })
    .where('id', '=', chainId)
    .where('salt_source', '=', 'drand')
    .where('salt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
