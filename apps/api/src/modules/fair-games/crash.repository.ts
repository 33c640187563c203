import type { Db } from '../../db/database';

export async function latestCrashRound(db: Db) {
  return db.selectFrom('fair_crash_rounds').selectAll().orderBy('round_number', 'desc').limit(1).executeTakeFirst();
}

export async function findCrashRound(db: Db, roundNumber: number) {
  return db.selectFrom('fair_crash_rounds').selectAll().where('round_number', '=', roundNumber).executeTakeFirst();
}

export type CrashRoundRow = NonNullable<Awaited<ReturnType<typeof findCrashRound>>>;

export async function insertCrashRound(
  db: Db,
  values: {
    round_number: number;
    server_seed: string;
    server_seed_hash: string;
    crash_point: number;
    betting_ends_at: number;
    crashed_at: number;
    created_at: number;
    chain_id: number;
    chain_position: number;
  },
) {
  await db.insertInto('fair_crash_rounds').values(values).execute();
}

export async function recentCrashPoints(db: Db, before: number, limit: number) {
  return db
    .selectFrom('fair_crash_rounds')
    .select(['round_number', 'crash_point'])
    .where('crashed_at', '<=', before)
    .orderBy('round_number', 'desc')
    .limit(limit)
    .execute();
}

export async function insertCrashBet(
  db: Db,
  values: { round_number: number; player: string; token: string; stake: number; auto_cashout: number | null; created_at: number },
) {
  await db.insertInto('fair_crash_bets').values(values).execute();
}

export async function deleteCrashBet(db: Db, roundNumber: number, player: string) {
  await db.deleteFrom('fair_crash_bets').where('round_number', '=', roundNumber).where('player', '=', player).execute();
}

export async function findCrashBet(db: Db, roundNumber: number, player: string) {
  return db
    .selectFrom('fair_crash_bets')
    .selectAll()
    .where('round_number', '=', roundNumber)
    .where('player', '=', player)
    .executeTakeFirst();
}

export type CrashBetRow = NonNullable<Awaited<ReturnType<typeof findCrashBet>>>;

export async function listRoundBets(db: Db, roundNumber: number) {
  return db
    .selectFrom('fair_crash_bets')
    .select(['player', 'stake', 'cashout'])
    .where('round_number', '=', roundNumber)
    .orderBy('id')
    .limit(50)
    .execute();
}

export async function listPlayerBets(db: Db, player: string, limit: number) {
  return db.selectFrom('fair_crash_bets').selectAll().where('player', '=', player).orderBy('id', 'desc').limit(limit).execute();
}

/** Open bets of rounds that have crashed by `now`, with their round's crash point. */
export async function listDueBets(db: Db, now: number) {
  return db
    .selectFrom('fair_crash_bets as b')
    .innerJoin('fair_crash_rounds as r', 'r.round_number', 'b.round_number')
    .select(['b.round_number', 'b.player', 'b.token', 'b.stake', 'b.auto_cashout', 'r.crash_point'])
    .where('b.is_settled', '=', 0)
    .where('r.crashed_at', '<=', now)
    .limit(200)
    .execute();
}

export async function markBetSettled(db: Db, roundNumber: number, player: string, cashout: number | null, payout: number) {
  await db
    .updateTable('fair_crash_bets')
    .set({ cashout, payout, is_settled: 1 })
    .where('round_number', '=', roundNumber)
    .where('player', '=', player)
    .execute();
}

/** How far each chain has been played by Crash: its highest position among the rounds. */
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
