import { CompiledQuery } from 'kysely';
import { sendWithoutWaiting } from '../../db/reusable-query';
import { isPostgres, type Tx } from '../../db/unit-of-work';

/** Advisory lock class of one market's bets (the money core uses class 1 for players). */
const MARKET_LOCK_CLASS = 2;

/** A stable 31-bit number for a market target ('M:1.23', 'F:7'). */
function targetHash(target: string): number {
  let hash = 0;
  for (const char of target) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash & 0x7fffffff;
}

/**
 * Takes one market's lock for the rest of the transaction (PostgreSQL; SQLite's write lock covers
 * it): shared to place a bet, exclusive to settle. Placements in one market never wait on each
 * other (each player's own lock orders their bets), while a settlement waits for the placements in
 * flight and holds off new ones, so a bet committed after a settlement read the market's bets is
 * impossible. Always after the players' locks: placement (one player, then the market) and
 * settlement (every player with bets, then the market) take them in the same order, so they cannot
 * deadlock.
 */
export async function lockMarket(tx: Tx, target: string, mode: 'place' | 'settle'): Promise<void> {
  if (!isPostgres(tx)) return;
  const key = targetHash(target);
  const lock = mode === 'place' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  // Not waited for: the statements after it run only once the database has granted it.
  await sendWithoutWaiting(tx, CompiledQuery.raw(`select ${lock}($1, $2::int)`, [MARKET_LOCK_CLASS, key]));
}
