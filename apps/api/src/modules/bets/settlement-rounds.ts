import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { type Tx, writeTransaction } from '../../db/unit-of-work';
import type { SettleOnce, SettleResult } from './settlement-result';

/** A player joined the market between reading who to lock and locking: read again. */
export class PlayersChanged extends Error {}

/** The market's settlement changed between choosing how to void it and locking it: choose again. */
export class SettlementChanged extends Error {}

/** What the transaction does when it finds the market settled otherwise than it read. */
export type OnSettledMeanwhile = 'answer already' | 'choose again';

const MAX_ROUNDS = 5;

/**
 * Runs one settlement round, each in its own transaction, until one answers. Another settler
 * racing this one (players joined, the settlement moved on, or a concurrent insert hit the unique
 * index) rolls the round back, and the next reads again and answers inside its transaction, so an
 * `already` answer carries the caller's key and audit row too.
 */
export async function settleInRounds(db: Db, work: () => Promise<SettleResult>): Promise<SettleResult> {
  for (let round = 1; ; round += 1) {
    try {
      return await work();
    } catch (error) {
      const isRace = error instanceof PlayersChanged || error instanceof SettlementChanged || isUniqueViolation(error);
      if (!isRace || round >= MAX_ROUNDS) throw error;
      // The settler that won may still be committing: on SQLite it shares a COMMIT with the
      // transactions waiting beside it, and reads outside a transaction see only what committed.
      // An empty write transaction ends after that COMMIT, so the next round reads what it did.
      await writeTransaction(db, async () => undefined);
    }
  }
}

/** The act's answer, after `within` (the audit row) ran in its transaction. */
export async function answer(tx: Tx, once: SettleOnce, result: SettleResult): Promise<SettleResult> {
  await once.within?.(tx, result);
  return result;
}
