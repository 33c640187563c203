import type { PauseKind, RgLimitKind, RgPeriod } from '@app/shared';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import { numberSentinel, reusableQuery, reusableStatement, textSentinel } from '../../db/reusable-query';
import type { RgLimitsTable, RgStateTable } from './rg.table';

/* The check every stake passes reads the state row and counts the stake: compiled once. */

const selectState = reusableQuery(
  (db: Db, userId: number) => db.selectFrom('rg_state').selectAll().where('user_id', '=', userId),
  [numberSentinel(0)] as const,
);

export async function findState(db: Db, userId: number) {
  const [row] = await selectState(db, userId);
  return row;
}

const upsertUsage = reusableStatement(
  (db: Db, userId: number, kind: string, hour: number, amount: number) =>
    db
      .insertInto('rg_usage')
      .values({ user_id: userId, kind: kind as 'stake' | 'loss', hour, amount })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'kind', 'hour'])
          .doUpdateSet((eb) => ({ amount: eb('rg_usage.amount', '+', eb.ref('excluded.amount')) })),
      ),
  [numberSentinel(0), textSentinel(1), numberSentinel(2), numberSentinel(3)] as const,
);

/** Adds to the player's stake or net loss of one hour (negative: a win takes some loss back). */
export async function addUsage(db: Db, userId: number, kind: 'stake' | 'loss', hour: number, amount: number): Promise<void> {
  await upsertUsage(db, userId, kind, hour, amount);
}

const upsertStakeAndLoss = reusableStatement(
  (db: Db, userId: number, stake: string, loss: string, hour: number, amount: number) =>
    db
      .insertInto('rg_usage')
      .values([
        { user_id: userId, kind: stake as 'stake', hour, amount },
        { user_id: userId, kind: loss as 'loss', hour, amount },
      ])
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'kind', 'hour'])
          .doUpdateSet((eb) => ({ amount: eb('rg_usage.amount', '+', eb.ref('excluded.amount')) })),
      ),
  [numberSentinel(0), textSentinel(1), textSentinel(2), numberSentinel(3), numberSentinel(4)] as const,
);

/** Adds `amount` to both the hour's stake and its net loss, in one statement (a casino stake). */
export async function addStakeAndLoss(db: Db, userId: number, hour: number, amount: number): Promise<void> {
  await upsertStakeAndLoss(db, userId, 'stake', 'loss', hour, amount);
}

export interface UsageSums {
  day: number;
  week: number;
  month: number;
}

const selectUsage = reusableQuery(
  (db: Db, dayStart: number, weekStart: number, userId: number, monthStart: number) =>
    db
      .selectFrom('rg_usage')
      .select((eb) => [
        'kind',
        eb.fn.sum<number>(eb.case().when('hour', '>=', dayStart).then(eb.ref('amount')).else(0).end()).as('day'),
        eb.fn.sum<number>(eb.case().when('hour', '>=', weekStart).then(eb.ref('amount')).else(0).end()).as('week'),
        eb.fn.sum<number>('amount').as('month'),
      ])
      .where('user_id', '=', userId)
      .where('hour', '>=', monthStart)
      .groupBy('kind'),
  [numberSentinel(0), numberSentinel(1), numberSentinel(2), numberSentinel(3)] as const,
);

/** The player's stakes and net losses in each rolling window, by kind; hours are epoch hours. */
export async function sumUsage(
  db: Db,
  userId: number,
  starts: { day: number; week: number; month: number },
): Promise<Record<'stake' | 'loss', UsageSums>> {
  const rows = await selectUsage(db, starts.day, starts.week, userId, starts.month);
  const sums = { stake: { day: 0, week: 0, month: 0 }, loss: { day: 0, week: 0, month: 0 } };
  for (const row of rows) {
    sums[row.kind] = { day: Number(row.day ?? 0), week: Number(row.week ?? 0), month: Number(row.month ?? 0) };
  }
  return sums;
}

export async function listLimits(db: Db, userId: number) {
  return db.selectFrom('rg_limits').selectAll().where('user_id', '=', userId).execute();
}

export async function findLimit(db: Db, userId: number, kind: RgLimitKind, period: RgPeriod) {
  return db
    .selectFrom('rg_limits')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('period', '=', period)
    .executeTakeFirst();
}

export async function saveLimit(db: Db, row: Insertable<RgLimitsTable>): Promise<void> {
  await db
    .insertInto('rg_limits')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind', 'period']).doUpdateSet({
        amount: row.amount ?? null,
        pending_amount: row.pending_amount ?? null,
        pending_removal: row.pending_removal ?? 0,
        pending_from: row.pending_from ?? null,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function findControls(db: Db, userId: number) {
  return db.selectFrom('rg_controls').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function saveControls(
  db: Db,
  userId: number,
  realityCheckMinutes: number,
  sessionLimitMinutes: number,
  now: number,
) {
  const values = { reality_check_minutes: realityCheckMinutes, session_limit_minutes: sessionLimitMinutes, updated_at: now };
  await db
    .insertInto('rg_controls')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** The player's latest pause (the one in force, if any is). */
export async function findLatestPause(db: Db, userId: number) {
  return db.selectFrom('rg_pauses').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insertPause(db: Db, pause: { user_id: number; kind: PauseKind; started_at: number; until: number | null }) {
  await db.insertInto('rg_pauses').values(pause).execute();
}

export async function setReturnRequested(db: Db, pauseId: number, at: number): Promise<void> {
  await db.updateTable('rg_pauses').set({ return_requested_at: at }).where('id', '=', pauseId).execute();
}

export async function saveState(db: Db, row: RgStateTable): Promise<void> {
  const { user_id: _userId, ...values } = row;
  await db
    .insertInto('rg_state')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function insertEvent(
  db: Db,
  event: { user_id: number; action: string; detail: string; actor: string; created_at: number },
) {
  await db.insertInto('rg_events').values(event).execute();
}

export async function listEvents(db: Db, userId: number, limit: number) {
  return db.selectFrom('rg_events').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
}
