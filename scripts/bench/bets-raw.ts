import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { type MarketBet, applyPositionChange, positionChangeOf, positionExposure, winAndLoss } from '@app/shared';
import { exposureKeyOf } from '../../apps/api/src/modules/bets/bet-model';

/**
 * The raw-driver side of the placement benchmark (docs/benchmarks.md): one bet placed by hand with the very
 * statements `bet/placeMarketBet` runs (the session read, the market, match and runner reads, then
 * one transaction with the player's running position in the market, the bet row, the position
 * with the bet, the exposure's ledger posting and the new balance), in the API's order, with the same parameters and the same exposure maths, on
 * better-sqlite3 or node-postgres. No HTTP, no validation, no framework: the floor the API is
 * measured against. The statement texts are the ones the API's query builder sends.
 */

export interface RawBet {
  token: string;
  matchId: number;
  marketId: string;
  selectionId: number;
  /** Odds in hundredths (1.01 → 101), as stored. */
  odds: number;
  stakePaise: number;
}

export interface RawPlacer {
  place(bet: RawBet): Promise<void>;
  /** Statements sent so far: each waits for its answer before the next goes, so each is a round trip. */
  roundTrips(): number;
  close(): Promise<void>;
}

type Row = Record<string, unknown>;
type Query = (text: string, params: unknown[]) => Promise<Row[]>;

/** Written with PostgreSQL's $n placeholders; SQLite gets `?`. */
const SQL = {
  session:
    'select "s"."id", "s"."user_id", "s"."created_at", "s"."last_seen_at", "s"."ended_at", "u"."user_name", "u"."user_type_id", "u"."parent_id", "u"."is_demo", "u"."is_signup_user", "u"."is_change_password", "u"."is_disabled", "u"."current_session_id" from "sessions" as "s" inner join "users" as "u" on "u"."id" = "s"."user_id" where "s"."token_hash" = $1',
  market: 'select "market_id", "match_id", "name" from "markets" where "market_id" = $1',
  match: 'select "match_id", "sport_id", "name", "finished_at" from "matches" where "match_id" = $1',
  runners: 'select "selection_id", "name" from "market_runners" where "market_id" = $1 order by "sort_order"',
  playerLock: 'select pg_advisory_xact_lock(1, $1::int)',
  marketLock: 'select pg_advisory_xact_lock_shared(2, $1::int)',
  latestSettlement: 'select * from "bet_settlements" where "target" = $1 order by "settlement_no" desc limit 1',
  feedResult: 'select * from "feed_results" where "target" = $1',
  position:
    'select "p"."baseline", "s"."step_key", "s"."amount" from "bet_positions" as "p" left join "bet_position_steps" as "s" on "s"."user_id" = "p"."user_id" and "s"."target" = "p"."target" where "p"."user_id" = $1 and "p"."target" = $2',
  addToBaseline:
    'insert into "bet_positions" ("user_id", "target", "baseline", "updated_at") values ($1, $2, $3, $4) on conflict ("user_id", "target") do update set "baseline" = "bet_positions"."baseline" + "excluded"."baseline", "updated_at" = "excluded"."updated_at"',
  addToStep:
    'insert into "bet_position_steps" ("user_id", "target", "step_key", "amount") values ($1, $2, $3, $4) on conflict ("user_id", "target", "step_key") do update set "amount" = "bet_position_steps"."amount" + "excluded"."amount"',
  insertBet:
    'insert into "bets" ("user_id", "reference", "target", "kind", "sport_id", "match_id", "match_name", "market_id", "fancy_id", "market_name", "selection_id", "selection_name", "is_back", "odds", "run", "stake", "liability", "possible_win", "status", "profit_loss", "settlement_id", "placed_at", "settled_at") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23) returning "bet_id"',
  exposureRow: 'select * from "market_exposure" where "user_id" = $1 and "market_key" = $2',
  balances: 'select "kind", "balance" from "ledger_accounts" where "owner_user_id" = $1',
  activeWallet: 'select "active_wallet" from "wallet_status" where "user_id" = $1',
  guardedUpdate:
    'update "ledger_accounts" set "balance" = "balance" + $1 where "account_key" = $2 and "balance" + $3 >= 0 returning "id", "balance", "book", app_user_changed("owner_user_id") as "user_changed"',
  insertTransaction:
    'insert into "ledger_transactions" ("kind", "reference", "book", "user_id", "session_id", "note", "reverses_transaction_id", "created_at") values ($1, $2, $3, $4, $5, $6, $7, $8) returning "id"',
  insertOutbox: 'insert into "outbox_events" ("topic", "payload", "created_at") values ($1, $2, $3)',
  insertEntries:
    'insert into "ledger_entries" ("transaction_id", "account_id", "book", "amount", "balance_after", "created_at") values ($1, $2, $3, $4, $5, $6), ($7, $8, $9, $10, $11, $12)',
  upsertExposure:
    'insert into "market_exposure" ("user_id", "market_key", "cash_held", "bonus_held", "version", "updated_at") values ($1, $2, $3, $4, $5, $6) on conflict ("user_id", "market_key") do update set "cash_held" = "excluded"."cash_held", "bonus_held" = "excluded"."bonus_held", "version" = "excluded"."version", "updated_at" = "excluded"."updated_at"',
};

/** The market lock's key, as modules/bets/bets.locks.ts computes it. */
function targetHash(target: string): number {
  let hash = 0;
  for (const char of target) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash & 0x7fffffff;
}

let placed = 0;

/** One placement: the reads before the transaction, then the transaction `transaction` runs. */
async function placeOnce(
  read: Query,
  transaction: (work: (q: Query) => Promise<void>) => Promise<void>,
  isPostgres: boolean,
  bet: RawBet,
): Promise<void> {
  const [session] = await read(SQL.session, [createHash('sha256').update(bet.token).digest('hex')]);
  if (!session) throw new Error('raw placement: no session');
  const userId = Number(session.user_id);
  const [market] = await read(SQL.market, [bet.marketId]);
  const [match] = await read(SQL.match, [bet.matchId]);
  if (!market || !match) throw new Error('raw placement: no market');
  const runners = await read(SQL.runners, [bet.marketId]);
  const target = `M:${bet.marketId}`;
  const marketKey = exposureKeyOf(target);
  const fresh: MarketBet = {
    kind: 'match_odds',
    selectionId: bet.selectionId,
    isBack: true,
    odds: bet.odds,
    stakePaise: bet.stakePaise,
  };
  await transaction(async (q) => {
    if (isPostgres) {
      await q(SQL.playerLock, [userId]);
      await q(SQL.marketLock, [targetHash(target)]);
    }
    await q(SQL.latestSettlement, [target]);
    await q(SQL.feedResult, [target]);
    const rows = await q(SQL.position, [userId, target]);
    const steps = new Map<number, number>();
    for (const row of rows) if (row.step_key !== null) steps.set(Number(row.step_key), Number(row.amount));
    const change = positionChangeOf(fresh);
    const position = applyPositionChange({ baseline: Number(rows[0]?.baseline ?? 0), steps }, change);
    const exposure = positionExposure(
      'match_odds',
      position,
      runners.map((runner) => Number(runner.selection_id)),
    );
    const { winPaise, lossPaise } = winAndLoss(fresh);
    const now = Date.now();
    placed += 1;
    const [inserted] = await q(SQL.insertBet, [
      userId,
      `raw:${process.pid}:${placed}`,
      target,
      'match_odds',
      Number(match.sport_id),
      bet.matchId,
      match.name,
      bet.marketId,
      null,
      market.name,
      bet.selectionId,
      runners.find((runner) => Number(runner.selection_id) === bet.selectionId)?.name ?? '',
      1,
      bet.odds,
      null,
      bet.stakePaise,
      lossPaise,
      winPaise,
      'open',
      null,
      null,
      now,
      null,
    ]);
    await q(SQL.addToBaseline, [userId, target, change.baselineDelta, now]);
    await q(SQL.addToStep, [userId, target, change.stepKey, change.stepDelta]);
    const [held] = await q(SQL.exposureRow, [userId, marketKey]);
    const moved = exposure - Number(held?.cash_held ?? 0) - Number(held?.bonus_held ?? 0);
    if (moved !== 0) {
      await q(SQL.balances, [userId]);
      await q(SQL.activeWallet, [userId]);
      const [cash] = await q(SQL.guardedUpdate, [-moved, `u:${userId}:cash`, -moved]);
      const [hold] = await q(SQL.guardedUpdate, [moved, `u:${userId}:exposure`, moved]);
      if (!cash || !hold) throw new Error('raw placement: insufficient balance');
      const version = Number(held?.version ?? 0) + 1;
      const [posted] = await q(SQL.insertTransaction, [
        moved > 0 ? 'exposure_hold' : 'exposure_release',
        `${marketKey}:u${userId}:v${version}`,
        cash.book,
        userId,
        String(session.id),
        `bet ${Number(inserted?.bet_id)} placed`,
        null,
        now,
      ]);
      const transactionId = Number(posted?.id);
      await q(SQL.insertOutbox, ['balance.changed', JSON.stringify({ user_ids: [userId], transaction_id: transactionId }), now]);
      await q(SQL.insertEntries, [
        ...[transactionId, cash.id, cash.book, -moved, cash.balance, now],
        ...[transactionId, hold.id, hold.book, moved, hold.balance, now],
      ]);
      const cashHeld = Number(held?.cash_held ?? 0) + moved;
      await q(SQL.upsertExposure, [userId, marketKey, cashHeld, 0, version, now]);
    }
    await q(SQL.balances, [userId]);
  });
}

/** better-sqlite3 with the API's pragmas; each transaction begins IMMEDIATE, as the API's do. */
export function rawSqlitePlacer(file: string): RawPlacer {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // The change notice the API's statement carries (db/user-changes.ts), with nobody listening.
  sqlite.function('app_user_changed', { deterministic: false }, (userId) => userId as number);
  const statements = new Map<string, SQLite.Statement>();
  const query: Query = async (text, params) => {
    let statement = statements.get(text);
    if (!statement) statements.set(text, (statement = sqlite.prepare(text.replace(/\$\d+/g, '?'))));
    if (statement.reader) return statement.all(...params) as Row[];
    statement.run(...params);
    return [];
  };
  const begin = sqlite.prepare('begin immediate');
  const commit = sqlite.prepare('commit');
  const rollback = sqlite.prepare('rollback');
  const transaction = async (work: (q: Query) => Promise<void>) => {
    begin.run();
    try {
      await work(query);
      commit.run();
    } catch (error) {
      rollback.run();
      throw error;
    }
  };
  return {
    place: (bet) => placeOnce(query, transaction, false, bet),
    roundTrips: () => 0,
    close: async () => void sqlite.close(),
  };
}

/** node-postgres: reads on the pool, each transaction on one pooled client. */
export function rawPostgresPlacer(url: string, schema: string, poolSize: number): RawPlacer {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c search_path=${schema}` });
  let trips = 0;
  const read: Query = async (text, params) => {
    trips += 1;
    return (await pool.query(text, params)).rows as Row[];
  };
  const transaction = async (work: (q: Query) => Promise<void>) => {
    const client = await pool.connect();
    try {
      trips += 2; // begin, commit
      await client.query('begin');
      await work(async (text, params) => {
        trips += 1;
        return (await client.query(text, params)).rows as Row[];
      });
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
  return { place: (bet) => placeOnce(read, transaction, true, bet), roundTrips: () => trips, close: () => pool.end() };
}
