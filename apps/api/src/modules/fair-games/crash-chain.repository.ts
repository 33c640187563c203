import type { Db } from '../../db/database';

const CHAIN_COLUMNS = [
  'id',
  'length',
  'terminating_hash',
  'chain_seed',
  'salt',
  'salt_hash',
  'created_at',
  'started_at',
  'first_round_number',
] as const;

export interface ChainRow {
  id: number;
  length: number;
  terminating_hash: string;
  chain_seed: string;
  salt: string;
  salt_hash: string;
  created_at: number;
  started_at: number | null;
  first_round_number: number | null;
}

function toChain(row: Record<(typeof CHAIN_COLUMNS)[number], unknown>): ChainRow {
  return {
    id: Number(row.id),
    length: Number(row.length),
    terminating_hash: String(row.terminating_hash),
    chain_seed: String(row.chain_seed),
    salt: String(row.salt),
    salt_hash: String(row.salt_hash),
    created_at: Number(row.created_at),
    started_at: row.started_at === null ? null : Number(row.started_at),
    first_round_number: row.first_round_number === null ? null : Number(row.first_round_number),
  };
}

export async function insertChain(
  db: Db,
  values: { length: number; terminating_hash: string; chain_seed: string; salt: string; salt_hash: string; created_at: number },
): Promise<number> {
  const row = await db
    .insertInto('fair_crash_chains')
    .values({ ...values, started_at: null, first_round_number: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertCheckpoints(db: Db, chainId: number, checkpoints: readonly { position: number; hash: string }[]) {
  // In slices: one statement holds a bounded number of parameters on both databases.
  for (let start = 0; start < checkpoints.length; start += 300) {
    await db
      .insertInto('fair_crash_chain_checkpoints')
      .values(checkpoints.slice(start, start + 300).map((point) => ({ chain_id: chainId, ...point })))
      .execute();
  }
}

export async function findChain(db: Db, chainId: number): Promise<ChainRow | undefined> {
  const row = await db.selectFrom('fair_crash_chains').select(CHAIN_COLUMNS).where('id', '=', chainId).executeTakeFirst();
  return row ? toChain(row) : undefined;
}

/** The chain published next after `chainId` (chains play in the order they were published). */
export async function firstChainAfter(db: Db, chainId: number): Promise<ChainRow | undefined> {
  const row = await db
    .selectFrom('fair_crash_chains')
    .select(CHAIN_COLUMNS)
    .where('id', '>', chainId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? toChain(row) : undefined;
}

export async function listChains(db: Db, limit: number): Promise<ChainRow[]> {
  const rows = await db.selectFrom('fair_crash_chains').select(CHAIN_COLUMNS).orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toChain);
}

/** The stored hash nearest at or above `position` (the chain's secret is at its length). */
export async function checkpointAtOrAbove(db: Db, chainId: number, position: number) {
  const row = await db
    .selectFrom('fair_crash_chain_checkpoints')
    .select(['position', 'hash'])
    .where('chain_id', '=', chainId)
    .where('position', '>=', position)
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  return row ? { position: Number(row.position), hash: row.hash } : undefined;
}

/** Marks the chain as started by its first round: from then on its salt is public. */
export async function markChainStarted(db: Db, chainId: number, roundNumber: number, now: number) {
  await db
    .updateTable('fair_crash_chains')
    .set({ started_at: now, first_round_number: roundNumber })
    .where('id', '=', chainId)
    .where('started_at', 'is', null)
    .execute();
}

/** How far each chain has been played: its highest position among the rounds. */
export async function playedPositions(db: Db, chainIds: readonly number[]): Promise<Map<number, number>> {
  if (chainIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('fair_crash_rounds')
    .select(['chain_id', (eb) => eb.fn.max('chain_position').as('played')])
    .where('chain_id', 'in', [...chainIds])
    .groupBy('chain_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.chain_id), Number(row.played)]));
}
