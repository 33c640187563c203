import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { numberSentinel, reusableQuery, reusableStatement, textSentinel } from '../../db/reusable-query';
import type { CasinoTransactionKind, GameCategory } from './casino.table';

export interface ProviderRow {
  id: number;
  code: string;
  name: string;
  public_key: string;
  launch_url: string;
}

export async function findProviderByCode(db: Db, code: string): Promise<ProviderRow | undefined> {
  const row = await db
    .selectFrom('casino_providers')
    .select(['id', 'code', 'name', 'public_key', 'launch_url'])
    .where('code', '=', code)
    .executeTakeFirst();
  return row ? { ...row, id: Number(row.id) } : undefined;
}

export async function findProviderById(db: Db, id: number): Promise<ProviderRow | undefined> {
  const row = await db
    .selectFrom('casino_providers')
    .select(['id', 'code', 'name', 'public_key', 'launch_url'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, id: Number(row.id) } : undefined;
}

export async function insertProvider(
  db: Db,
  values: { code: string; name: string; public_key: string; launch_url: string; created_at: number },
): Promise<number> {
  const row = await db.insertInto('casino_providers').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateProvider(db: Db, id: number, values: { name: string; public_key: string; launch_url: string }) {
  await db.updateTable('casino_providers').set(values).where('id', '=', id).execute();
}

export async function upsertGame(
  db: Db,
  values: { provider_id: number; code: string; name: string; category: GameCategory; created_at: number },
): Promise<void> {
  await db
    .insertInto('casino_games')
    .values(values)
    .onConflict((oc) => oc.column('code').doUpdateSet({ name: values.name, category: values.category, is_enabled: 1 }))
    .execute();
}

/*
 * The seamless wallet runs the statements marked "wallet call" on every provider call, so they
 * are compiled once (see reusableQuery).
 */

/** Wallet call. */
const selectGameOwner = reusableQuery(
  (db: Db, code: string) => db.selectFrom('casino_games').select(['id', 'provider_id']).where('code', '=', code),
  [textSentinel(0)] as const,
);

export async function findGameOwner(db: Db, code: string) {
  const [row] = await selectGameOwner(db, code);
  return row;
}

export async function listProvidersWithCounts(db: Db) {
  return db
    .selectFrom('casino_providers as p')
    .leftJoin('casino_games as g', (join) => join.onRef('g.provider_id', '=', 'p.id').on('g.is_enabled', '=', 1))
    .select(['p.id', 'p.name', 'p.code', (eb) => eb.fn.count<number>('g.id').as('game_count')])
    .where('p.is_enabled', '=', 1)
    .groupBy(['p.id', 'p.name', 'p.code', 'p.sort_order'])
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
}

export interface GameListFilter {
  category?: GameCategory | undefined;
  providerCode?: string | undefined;
  search?: string | undefined;
  codes?: string[];
  limit?: number;
  newestFirst?: boolean;
}

export async function listGames(db: Db, filter: GameListFilter) {
  let query = db
    .selectFrom('casino_games as g')
    .innerJoin('casino_providers as p', 'p.id', 'g.provider_id')
    .select(['g.id', 'g.code', 'g.name', 'g.category', 'p.code as provider_code', 'p.name as provider_name'])
    .where('g.is_enabled', '=', 1)
    .where('p.is_enabled', '=', 1);
  if (filter.category) query = query.where('g.category', '=', filter.category);
  if (filter.providerCode) query = query.where('p.code', '=', filter.providerCode);
  if (filter.codes) query = filter.codes.length ? query.where('g.code', 'in', filter.codes) : query.where(sql<boolean>`1 = 0`);
  if (filter.search) {
    // Escaped LIKE: a player's % or _ matches itself.
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    query = query.where(sql<boolean>`lower(g.name) like ${pattern} escape '\\'`);
  }
  // The operator's order (console), then the catalogue's.
  query = filter.newestFirst ? query.orderBy('g.id', 'desc') : query.orderBy('g.sort_order').orderBy('g.id');
  return query.limit(filter.limit ?? 500).execute();
}

export async function countGamesByCategory(db: Db) {
  return db
    .selectFrom('casino_games as g')
    .innerJoin('casino_providers as p', 'p.id', 'g.provider_id')
    .select(['g.category', (eb) => eb.fn.count<number>('g.id').as('game_count')])
    .where('g.is_enabled', '=', 1)
    .where('p.is_enabled', '=', 1)
    .groupBy('g.category')
    .execute();
}

/** Game codes an operator marked popular (console), then by rounds played since `since`, most first. */
export async function popularGameCodes(db: Db, since: number, limit: number): Promise<string[]> {
  const marked = await db
    .selectFrom('casino_games')
    .select('code')
    .where('is_popular', '=', 1)
    .where('is_enabled', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .limit(limit)
    .execute();
  const rows = await db
    .selectFrom('casino_rounds')
    .select(['game_code', (eb) => eb.fn.countAll<number>().as('rounds')])
    .where('created_at', '>=', since)
    .groupBy('game_code')
    .orderBy('rounds', 'desc')
    .limit(limit)
    .execute();
  const codes = marked.map((row) => row.code);
  for (const row of rows) if (codes.length < limit && !codes.includes(row.game_code)) codes.push(row.game_code);
  return codes;
}

export async function recentGameCodes(db: Db, userId: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('casino_rounds')
    .select(['game_code', (eb) => eb.fn.max('updated_at').as('last')])
    .where('user_id', '=', userId)
    .groupBy('game_code')
    .orderBy('last', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.game_code);
}

export async function favouriteGameCodes(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('casino_favourites as f')
    .innerJoin('casino_games as g', 'g.id', 'f.game_id')
    .select('g.code')
    .where('f.user_id', '=', userId)
    .orderBy('f.created_at', 'desc')
    .execute();
  return rows.map((row) => row.code);
}

export async function setFavourite(db: Db, userId: number, gameId: number, isFavourite: boolean, now: number) {
  if (isFavourite) {
    await db
      .insertInto('casino_favourites')
      .values({ user_id: userId, game_id: gameId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'game_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('casino_favourites').where('user_id', '=', userId).where('game_id', '=', gameId).execute();
  }
}

export async function insertGameSession(
  db: Db,
  values: {
    token_hash: string;
    user_id: number;
    provider_id: number;
    game_id: number | null;
    /** The site session that launched it: the game session ends with it (docs/casino.md). */
    session_id: number | null;
    currency: string;
    created_at: number;
    expires_at: number;
  },
) {
  await db.insertInto('casino_game_sessions').values(values).execute();
}

/**
 * Wallet call: what a game session token names. The row never changes once written (a game
 * session ends with its expiry or with the site session that launched it), so the wallet keeps
 * it in memory (casino-wallet-requests.ts).
 */
const selectGameSession = reusableQuery(
  (db: Db, tokenHash: string) =>
    db
      .selectFrom('casino_game_sessions')
      .select(['user_id', 'provider_id', 'game_id', 'currency', 'expires_at', 'session_id'])
      .where('token_hash', '=', tokenHash),
  [textSentinel(0)] as const,
);

export async function findGameSession(db: Db, tokenHash: string) {
  const [row] = await selectGameSession(db, tokenHash);
  return row;
}

export type GameSessionRow = NonNullable<Awaited<ReturnType<typeof findGameSession>>>;

/**
 * Wallet call: what may have ended a game session since it began: the player disabled, or the
 * site session that launched it ended (logout, a password change, a forced logout, a pause),
 * replaced by a login elsewhere or past its time limit.
 */
const selectPlayerSessionState = reusableQuery(
  (db: Db, userId: number, sessionId: number) =>
    db
      .selectFrom('users as u')
      .leftJoin('sessions as ps', (join) => join.on('ps.id', '=', sessionId))
      .select([
        'u.is_disabled',
        'u.current_session_id',
        'ps.ended_at as session_ended_at',
        'ps.limit_ends_at as session_limit_ends_at',
      ])
      .where('u.id', '=', userId),
  [numberSentinel(0), numberSentinel(1)] as const,
);

/** `sessionId` null (a game session from before migration 0170): the site session's fields come back null. */
export async function findPlayerSessionState(db: Db, userId: number, sessionId: number | null) {
  // Ids start at 1: 0 matches no site session.
  const [row] = await selectPlayerSessionState(db, userId, sessionId ?? 0);
  return row;
}

export type PlayerSessionState = NonNullable<Awaited<ReturnType<typeof findPlayerSessionState>>>;

/** Wallet call. */
const selectCasinoTransaction = reusableQuery(
  (db: Db, providerId: number, transactionUuid: string) =>
    db
      .selectFrom('casino_transactions')
      .selectAll()
      .where('provider_id', '=', providerId)
      .where('transaction_uuid', '=', transactionUuid),
  [numberSentinel(0), textSentinel(1)] as const,
);

export async function findCasinoTransaction(db: Db, providerId: number, transactionUuid: string) {
  const [row] = await selectCasinoTransaction(db, providerId, transactionUuid);
  return row;
}

/** Wallet call: wins and rollbacks that name `uuid` as the transaction they refer to. */
/**
 * What a wallet call checks, in one read: its own transaction id and the bet it names (the same
 * id for a bet), by the unique key; and every transaction that refers to that bet (a win, a
 * rollback), by the reference index.
 */
const selectCallTransactions = reusableQuery(
  (db: Db, providerId: number, ownUuid: string, betUuid: string) =>
    db
      .selectFrom('casino_transactions')
      .selectAll()
      .where('provider_id', '=', providerId)
      .where('transaction_uuid', 'in', [ownUuid, betUuid])
      .unionAll(
        db
          .selectFrom('casino_transactions')
          .selectAll()
          .where('provider_id', '=', providerId)
          .where('reference_transaction_uuid', '=', betUuid),
      ),
  [numberSentinel(0), textSentinel(1), textSentinel(2)] as const,
);

export async function findCallTransactions(db: Db, providerId: number, ownUuid: string, betUuid: string) {
  const rows = await selectCallTransactions(db, providerId, ownUuid, betUuid);
  return {
    own: rows.find((row) => row.transaction_uuid === ownUuid),
    bet: rows.find((row) => row.transaction_uuid === betUuid),
    referring: rows.filter((row) => row.reference_transaction_uuid === betUuid),
  };
}

/** Wallet call. */
const insertCasinoTransactionRow = reusableStatement(
  (
    db: Db,
    providerId: number,
    transactionUuid: string,
    kind: string,
    userId: number,
    round: string,
    gameCode: string,
    referenceUuid: string | null,
    amount: number,
    fromCash: number,
    fromBonus: number,
    requestHash: string,
    response: string,
    ledgerTransactionId: number | null,
    createdAt: number,
  ) =>
    db.insertInto('casino_transactions').values({
      provider_id: providerId,
      transaction_uuid: transactionUuid,
      kind: kind as CasinoTransactionKind,
      user_id: userId,
      round,
      game_code: gameCode,
      reference_transaction_uuid: referenceUuid,
      amount,
      from_cash: fromCash,
      from_bonus: fromBonus,
      request_hash: requestHash,
      response,
      ledger_transaction_id: ledgerTransactionId,
      created_at: createdAt,
    }),
  [
    numberSentinel(0),
    textSentinel(1),
    textSentinel(2),
    numberSentinel(3),
    textSentinel(4),
    textSentinel(5),
    textSentinel(6),
    numberSentinel(7),
    numberSentinel(8),
    numberSentinel(9),
    textSentinel(10),
    textSentinel(11),
    numberSentinel(12),
    numberSentinel(13),
  ] as const,
);

export async function insertCasinoTransaction(
  db: Db,
  values: {
    provider_id: number;
    transaction_uuid: string;
    kind: CasinoTransactionKind;
    user_id: number;
    round: string;
    game_code: string;
    reference_transaction_uuid: string | null;
    amount: number;
    from_cash: number;
    from_bonus: number;
    request_hash: string;
    response: string;
    ledger_transaction_id: number | null;
    created_at: number;
  },
) {
  await insertCasinoTransactionRow(
    db,
    values.provider_id,
    values.transaction_uuid,
    values.kind,
    values.user_id,
    values.round,
    values.game_code,
    values.reference_transaction_uuid,
    values.amount,
    values.from_cash,
    values.from_bonus,
    values.request_hash,
    values.response,
    values.ledger_transaction_id,
    values.created_at,
  );
}

/** Wallet call. */
const upsertRound = reusableStatement(
  (db: Db, providerId: number, round: string, userId: number, gameCode: string, stake: number, win: number, now: number) =>
    db
      .insertInto('casino_rounds')
      .values({
        provider_id: providerId,
        round,
        user_id: userId,
        game_code: gameCode,
        stake,
        win,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['provider_id', 'round', 'user_id']).doUpdateSet({
          stake: sql`casino_rounds.stake + excluded.stake`,
          win: sql`casino_rounds.win + excluded.win`,
          updated_at: sql`excluded.updated_at`,
        }),
      ),
  [
    numberSentinel(0),
    textSentinel(1),
    numberSentinel(2),
    textSentinel(3),
    numberSentinel(4),
    numberSentinel(5),
    numberSentinel(6),
  ] as const,
);

/** Wallet call: adds a movement to the player's round row (created on its first movement). */
export async function addToRound(
  db: Db,
  key: { provider_id: number; round: string; user_id: number; game_code: string },
  delta: { stake: number; win: number },
  now: number,
) {
  await upsertRound(db, key.provider_id, key.round, key.user_id, key.game_code, delta.stake, delta.win, now);
}

export async function pageCasinoRounds(
  db: Db,
  userId: number,
  window: { startMs: number; endMs: number },
  offset: number,
  limit: number,
) {
  return db
    .selectFrom('casino_rounds as r')
    .innerJoin('casino_providers as p', 'p.id', 'r.provider_id')
    .leftJoin('casino_games as g', 'g.code', 'r.game_code')
    .select([
      'r.id',
      'r.created_at',
      'r.round',
      'r.game_code',
      'g.name as game_name',
      'p.code as provider_code',
      'p.name as provider_name',
      'r.stake',
      'r.win',
    ])
    .where('r.user_id', '=', userId)
    .where('r.created_at', '>=', window.startMs)
    .where('r.created_at', '<', window.endMs)
    .orderBy('r.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function totalCasinoRounds(db: Db, userId: number, window: { startMs: number; endMs: number }) {
  const row = await db
    .selectFrom('casino_rounds')
    .select([
      (eb) => eb.fn.countAll<number>().as('rows'),
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('stake'), sql<number>`0`).as('stake'),
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('win'), sql<number>`0`).as('win'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>=', window.startMs)
    .where('created_at', '<', window.endMs)
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), stake: Number(row.stake), win: Number(row.win) };
}

/** The game of each named round ({provider code, round}), for the account statement's lines. */
export async function listRoundGames(db: Db, rounds: { providerCode: string; round: string }[]) {
  if (rounds.length === 0) return [];
  return db
    .selectFrom('casino_rounds as r')
    .innerJoin('casino_providers as p', 'p.id', 'r.provider_id')
    .leftJoin('casino_games as g', 'g.code', 'r.game_code')
    .select(['p.code as provider_code', 'r.round', 'r.game_code', 'g.name as game_name'])
    .where('p.code', 'in', [...new Set(rounds.map((round) => round.providerCode))])
    .where('r.round', 'in', [...new Set(rounds.map((round) => round.round))])
    .execute();
}
