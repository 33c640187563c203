import type { Db } from '../../db/database';
import { numberSentinel, reusableQuery, reusableStatement, textSentinel } from '../../db/reusable-query';
import { userChangedColumn } from '../../db/user-changes';

/**
 * The player's account balances and active wallet in one read, by the owner index and the status
 * primary key: the balance poll's read (every 5 s per player), and what a stake or a casino call
 * checks its money against. Compiled once.
 */
const selectBalancesAndWallet = reusableQuery(
  (db: Db, statusUserId: number, ownerUserId: number) =>
    db
      .selectFrom('ledger_accounts')
      .select(['kind', 'balance'])
      .select((eb) =>
        eb
          .selectFrom('wallet_status')
          .select('active_wallet')
          .where('wallet_status.user_id', '=', statusUserId)
          .as('active_wallet'),
      )
      .where('owner_user_id', '=', ownerUserId),
  [numberSentinel(1), numberSentinel(2)] as const,
);

export function findBalancesAndWallet(
  db: Db,
  userId: number,
): Promise<{ kind: string; balance: number | null; active_wallet: number | null }[]> {
  return selectBalancesAndWallet(db, userId, userId);
}

/* Bet placement and casino debits run the three below on every movement: compiled once. */

const selectActiveWallet = reusableQuery(
  (db: Db, userId: number) => db.selectFrom('wallet_status').select('active_wallet').where('user_id', '=', userId),
  [numberSentinel(0)] as const,
);

export async function findActiveWallet(db: Db, userId: number): Promise<number> {
  const [row] = await selectActiveWallet(db, userId);
  return row ? Number(row.active_wallet) : 0;
}

export async function upsertActiveWallet(db: Db, userId: number, activeWallet: number, now: number): Promise<void> {
  await db
    .insertInto('wallet_status')
    .values({ user_id: userId, active_wallet: activeWallet, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ active_wallet: activeWallet, updated_at: now }))
    .returning(userChangedColumn('user_id'))
    .execute();
}

const selectMarketExposure = reusableQuery(
  (db: Db, userId: number, marketKey: string) =>
    db.selectFrom('market_exposure').selectAll().where('user_id', '=', userId).where('market_key', '=', marketKey),
  [numberSentinel(0), textSentinel(1)] as const,
);

export async function findMarketExposure(db: Db, userId: number, marketKey: string) {
  const [row] = await selectMarketExposure(db, userId, marketKey);
  return row;
}

const upsertMarketExposure = reusableStatement(
  (db: Db, userId: number, marketKey: string, cashHeld: number, bonusHeld: number, version: number, updatedAt: number) =>
    db
      .insertInto('market_exposure')
      .values({
        user_id: userId,
        market_key: marketKey,
        cash_held: cashHeld,
        bonus_held: bonusHeld,
        version,
        updated_at: updatedAt,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'market_key']).doUpdateSet((eb) => ({
          cash_held: eb.ref('excluded.cash_held'),
          bonus_held: eb.ref('excluded.bonus_held'),
          version: eb.ref('excluded.version'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      ),
  [numberSentinel(0), textSentinel(1), numberSentinel(2), numberSentinel(3), numberSentinel(4), numberSentinel(5)] as const,
);

export async function saveMarketExposure(
  db: Db,
  row: { user_id: number; market_key: string; cash_held: number; bonus_held: number; version: number; updated_at: number },
): Promise<void> {
  await upsertMarketExposure(db, row.user_id, row.market_key, row.cash_held, row.bonus_held, row.version, row.updated_at);
}

/** Every market where the player holds exposure (for `ledger verify` and reports). */
export async function listMarketExposure(db: Db, userId: number) {
  return db.selectFrom('market_exposure').selectAll().where('user_id', '=', userId).execute();
}
