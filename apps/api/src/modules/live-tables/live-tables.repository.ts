import type { Db } from '../../db/database';
import { isPostgres, type Tx } from '../../db/unit-of-work';
import type { LiveTableRoundsTable } from './live-tables.table';

export async function latestRound(db: Db, table: string) {
  return db
    .selectFrom('live_table_rounds')
    .selectAll()
    .where('table_code', '=', table)
    .orderBy('round_number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findRound(db: Db, table: string, roundNumber: number) {
  return db
    .selectFrom('live_table_rounds')
    .selectAll()
    .where('table_code', '=', table)
    .where('round_number', '=', roundNumber)
    .executeTakeFirst();
}

export type RoundRow = NonNullable<Awaited<ReturnType<typeof findRound>>>;

/** The round, locked against a close until the transaction ends (SQLite: its writers take turns). */
export async function lockRound(tx: Tx, table: string, roundNumber: number) {
  let query = tx
    .selectFrom('live_table_rounds')
    .selectAll()
    .where('table_code', '=', table)
    .where('round_number', '=', roundNumber);
  if (isPostgres(tx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertRound(
  db: Db,
  values: Omit<LiveTableRoundsTable, 'id' | 'outcome' | 'winning_spots' | 'result_label' | 'closed_at' | 'status'>,
) {
  await db
    .insertInto('live_table_rounds')
    .values({ ...values, status: 'betting' })
    .execute();
}

export async function markRoundDrawn(
  tx: Tx,
  id: number,
  values: { outcome: string; winning_spots: string; result_label: string; closed_at: number },
): Promise<boolean> {
  const result = await tx
    .updateTable('live_table_rounds')
    .set({ ...values, status: 'result' })
    .where('id', '=', id)
    .where('status', '=', 'betting')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recentResults(db: Db, table: string, limit: number) {
  return db
    .selectFrom('live_table_rounds')
    .select(['round_number', 'result_label', 'winning_spots'])
    .where('table_code', '=', table)
    .where('status', '=', 'result')
    .orderBy('round_number', 'desc')
    .limit(limit)
    .execute();
}

export async function insertBet(
  tx: Tx,
  values: {
    table_code: string;
    round_number: number;
    player: string;
    token: string;
    spot: string;
    stake: number;
    created_at: number;
  },
) {
  await tx
    .insertInto('live_table_bets')
    .values({ ...values, status: 'placing' })
    .execute();
}

const betKey = (db: Db, table: string, roundNumber: number, player: string, spot: string) =>
  db
    .updateTable('live_table_bets')
    .where('table_code', '=', table)
    .where('round_number', '=', roundNumber)
    .where('player', '=', player)
    .where('spot', '=', spot);

export async function markBetOpen(db: Db, table: string, roundNumber: number, player: string, spot: string) {
  await betKey(db, table, roundNumber, player, spot).set({ status: 'open' }).where('status', '=', 'placing').execute();
}

export async function deletePlacingBet(db: Db, table: string, roundNumber: number, player: string, spot: string) {
  await db
    .deleteFrom('live_table_bets')
    .where('table_code', '=', table)
    .where('round_number', '=', roundNumber)
    .where('player', '=', player)
    .where('spot', '=', spot)
    .where('status', '=', 'placing')
    .execute();
}

/** Settles an open bet once: false when another settler was first. */
export async function markBetSettled(db: Db, id: number, payout: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable('live_table_bets')
    .set({ status: 'settled', payout, settled_at: at })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findBet(db: Db, table: string, roundNumber: number, player: string, spot: string) {
  return db
    .selectFrom('live_table_bets')
    .selectAll()
    .where('table_code', '=', table)
    .where('round_number', '=', roundNumber)
    .where('player', '=', player)
    .where('spot', '=', spot)
    .executeTakeFirst();
}

export type BetRow = NonNullable<Awaited<ReturnType<typeof findBet>>>;

export async function listPlayerRoundBets(db: Db, table: string, roundNumber: number, player: string) {
  return db
    .selectFrom('live_table_bets')
    .selectAll()
    .where('table_code', '=', table)
    .where('round_number', '=', roundNumber)
    .where('player', '=', player)
    .where('status', '!=', 'placing')
    .orderBy('id')
    .execute();
}

export async function listPlayerSettledBets(db: Db, table: string, player: string, limit: number) {
  return db
    .selectFrom('live_table_bets')
    .selectAll()
    .where('table_code', '=', table)
    .where('player', '=', player)
    .where('status', '=', 'settled')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Open bets of rounds that have their result: what settlement still owes. */
export async function listDueBets(db: Db, table: string, closedBefore: number, limit: number) {
  return db
    .selectFrom('live_table_bets as b')
    .innerJoin('live_table_rounds as r', (join) =>
      join.onRef('r.table_code', '=', 'b.table_code').onRef('r.round_number', '=', 'b.round_number'),
    )
    .selectAll('b')
    .select(['r.outcome', 'r.server_seed', 'r.client_seed'])
    .where('b.table_code', '=', table)
    .where('b.status', '=', 'open')
    .where('r.status', '=', 'result')
    .where('r.closed_at', '<=', closedBefore)
    .orderBy('b.id')
    .limit(limit)
    .execute();
}

/** Open bets of one round (its closer settles them at once). */
export async function listOpenRoundBets(db: Db, table: string, roundNumber: number) {
  return db
    .selectFrom('live_table_bets')
    .selectAll()
    .where('table_code', '=', table)
    .where('round_number', '=', roundNumber)
    .where('status', '=', 'open')
    .orderBy('id')
    .execute();
}

/** Bets left `placing` on rounds closed before `closedBefore`: their request stopped mid-way. */
export async function listStalePlacingBets(db: Db, table: string, closedBefore: number, limit: number) {
  return db
    .selectFrom('live_table_bets as b')
    .innerJoin('live_table_rounds as r', (join) =>
      join.onRef('r.table_code', '=', 'b.table_code').onRef('r.round_number', '=', 'b.round_number'),
    )
    .selectAll('b')
    .where('b.table_code', '=', table)
    .where('b.status', '=', 'placing')
    .where('r.status', '=', 'result')
    .where('r.closed_at', '<=', closedBefore)
    .orderBy('b.id')
    .limit(limit)
    .execute();
}

/** How far each chain has been played by the tables: its highest position among the rounds. */
export async function playedPositions(db: Db, chainIds: readonly number[]): Promise<Map<number, number>> {
  if (chainIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('live_table_rounds')
    .select(['chain_id', (eb) => eb.fn.max('chain_position').as('played')])
    .where('chain_id', 'in', [...chainIds])
    .groupBy('chain_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.chain_id), Number(row.played)]));
}
