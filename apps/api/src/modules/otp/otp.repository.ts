import { type Insertable, sql } from 'kysely';
import type { Db, DialectName } from '../../db/database';
import type { OtpCodeRow, OtpCodesTable } from './otp.table';

export async function insertOtpCode(db: Db, row: Insertable<OtpCodesTable>): Promise<void> {
  await db.insertInto('otp_codes').values(row).execute();
}

export async function findOtpByRequestId(db: Db, requestId: string): Promise<OtpCodeRow | undefined> {
  return db.selectFrom('otp_codes').selectAll().where('request_id', '=', requestId).executeTakeFirst();
}

/**
 * Serialises sends to one mobile until the caller's transaction ends, so the cooldown and the
 * hourly cap are read and written as one step. PostgreSQL: a transaction-scoped advisory lock
 * (other processes wait too). SQLite: nothing to do, its one connection runs one transaction at a time.
 */
export async function lockMobileForSend(trx: Db, dialect: DialectName, mobile: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${`otp_send:${mobile}`}))`.execute(trx);
}

/** Send times of the mobile's codes since `since`, newest first. */
export async function listOtpSendTimes(db: Db, mobile: string, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('otp_codes')
    .select('created_at')
    .where('mobile', '=', mobile)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => Number(row.created_at));
}

/**
 * Spends one try of a code, atomically: parallel guesses cannot get more than `maxAttempts`
 * tries between them. False when the code is used up, spent or gone.
 */
export async function spendOtpAttempt(db: Db, id: number, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a code used; false when another request used it first. */
export async function markOtpUsed(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('otp_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
