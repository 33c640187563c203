import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database';
import { reusableQuery, textSentinel } from '../../db/reusable-query';
import { declaredResults, singleWinnerMarketIds } from '../markets';
import { PRICING_COLUMNS, type PricedBet } from './bet-model';
import type { BetRecord, BetsTable, SettlementOutcome } from './bets.table';

/*
 * Placement runs the statements below on every bet, so they are compiled once (see reusableQuery).
 */

const BET_COLUMNS = [
  'user_id',
  'reference',
  'target',
  'kind',
  'sport_id',
  'match_id',
  'match_name',
  'market_id',
  'fancy_id',
  'market_name',
  'selection_id',
  'selection_name',
  'is_back',
  'odds',
  'run',
  'stake',
  'liability',
  'possible_win',
  'status',
  'profit_loss',
  'settlement_id',
  'placed_at',
  'settled_at',
  'is_cash_out',
] as const satisfies readonly (keyof BetsTable)[];

const insertBetRow = reusableQuery(
  (db: Db, ...values: unknown[]) =>
    db
      .insertInto('bets')
      .values(Object.fromEntries(BET_COLUMNS.map((column, index) => [column, values[index]])) as Insertable<BetsTable>)
      .returning('bet_id'),
  BET_COLUMNS.map((_, index): unknown => textSentinel(index)),
);

export async function insertBet(tx: Db, row: Insertable<BetsTable>): Promise<number> {
  const values = { ...row, is_cash_out: row.is_cash_out ?? 0 };
  const [inserted] = await insertBetRow(tx, ...BET_COLUMNS.map((column) => values[column] ?? null));
  if (!inserted) throw new Error('bet insert returned no id');
  return Number(inserted.bet_id);
}

export async function findBetByReference(db: Db, userId: number, reference: string): Promise<BetRecord | undefined> {
  return db.selectFrom('bets').selectAll().where('user_id', '=', userId).where('reference', '=', reference).executeTakeFirst();
}

/** The player's open bets in every market of a match (the win/loss list). */
export async function listOpenBetsOfUserInMatch(db: Db, userId: number, matchId: number): Promise<BetRecord[]> {
  return db
    .selectFrom('bets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('match_id', '=', matchId)
    .where('status', '=', 'open')
    .orderBy('bet_id')
    .execute();
}

const selectLatestSettlement = reusableQuery(
  (db: Db, target: string) =>
    db
      .selectFrom('bet_settlements')
      .selectAll()
      .where('target', '=', target)
      .orderBy('settlement_no', 'desc')
      .limit(sql<number>`1`),
  [textSentinel(0)] as const,
);

export async function findLatestSettlement(db: Db, target: string) {
  const [row] = await selectLatestSettlement(db, target);
  return row;
}

export async function insertSettlement(
  tx: Db,
  row: {
    target: string;
    settlement_no: number;
    outcome: SettlementOutcome;
    winner_selection_id: number | null;
    winner_selection_ids?: string | null;
    result_run: number | null;
    source: string;
    reason?: string | null;
    created_at: number;
  },
): Promise<number> {
  const inserted = await tx
    .insertInto('bet_settlements')
    .values({ ...row, is_reversed: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function markSettlementReversed(tx: Db, settlementId: number): Promise<void> {
  await tx.updateTable('bet_settlements').set({ is_reversed: 1 }).where('id', '=', settlementId).execute();
}

/** Players with open bets in the market, in id order (the money locks' order). */
export async function listUsersWithOpenBets(db: Db, target: string): Promise<number[]> {
  const rows = await db
    .selectFrom('bets')
    .select('user_id')
    .distinct()
    .where('target', '=', target)
    .where('status', '=', 'open')
    .execute();
  return rows.map((row) => Number(row.user_id)).sort((a, b) => a - b);
}

export async function listOpenBets(db: Db, target: string): Promise<PricedBet[]> {
  return db
    .selectFrom('bets')
    .select(PRICING_COLUMNS)
    .where('target', '=', target)
    .where('status', '=', 'open')
    .orderBy('bet_id')
    .execute();
}

/** The bets an earlier settlement decided (a re-settle decides them again). */
export async function listBetsOfSettlement(db: Db, settlementId: number): Promise<PricedBet[]> {
  return db.selectFrom('bets').select(PRICING_COLUMNS).where('settlement_id', '=', settlementId).orderBy('bet_id').execute();
}

/** Which bets a settlement decides: the market's open bets, or those an earlier settlement decided. */
export type SettleScope = { target: string } | { settlementId: number };

export type SqlDecision =
  | { outcome: 'void' }
  /** One winner, or several winning together (a Place market). */
  | { outcome: 'winner'; winnerSelectionIds: readonly number[]; kind: 'match_odds' | 'bookmaker' }
  | { outcome: 'run'; run: number };

/**
 * Decides every bet in scope in at most four statements (a market can hold 100,000 bets). The
 * arithmetic is the shared model's (bets.ts), in integers: a win rounds down, a loss rounds up;
 * amounts are positive, so integer division truncating is rounding down on both databases. The
 * caller checks the sum against the model's total.
 */
export async function markBetsDecided(
  tx: Db,
  scope: SettleScope,
  decision: SqlDecision,
  settlementId: number,
  now: number,
): Promise<void> {
  const scoped = () => {
    const update = tx.updateTable('bets').set({ settlement_id: settlementId, settled_at: now, settled_odds: null });
    return 'target' in scope
      ? update.where('target', '=', scope.target).where('status', '=', 'open')
      : update.where('settlement_id', '=', scope.settlementId);
  };
  if (decision.outcome === 'void') {
    await scoped().set({ status: 'void', profit_loss: 0 }).execute();
    return;
  }
  const pay = decision.outcome === 'winner' && decision.kind === 'match_odds' ? sql`odds - 100` : sql`odds`;
  const winAmount = sql<number>`(stake * (${pay})) / 100`;
  const lossAmount = sql<number>`0 - ((stake * (${pay}) + 99) / 100)`;
  // "Hit": the runner won, or the result reached the line's run (Yes wins, No loses).
  const hit = (update: ReturnType<typeof scoped>, isHit: boolean) =>
    decision.outcome === 'winner'
      ? update.where('selection_id', isHit ? 'in' : 'not in', [...decision.winnerSelectionIds])
      : update.where('run', isHit ? '<=' : '>', decision.run);
  await hit(scoped().where('is_back', '=', 1), true)
    .set({ status: 'won', profit_loss: winAmount })
    .execute();
  await hit(scoped().where('is_back', '=', 1), false)
    .set({ status: 'lost', profit_loss: sql<number>`0 - stake` })
    .execute();
  await hit(scoped().where('is_back', '=', 0), true)
    .set({ status: 'lost', profit_loss: lossAmount })
    .execute();
  await hit(scoped().where('is_back', '=', 0), false)
    .set({ status: 'won', profit_loss: sql<number>`stake` })
    .execute();
}

/**
 * Decides bets one by one, as the model settled each (a market with non-runners or a dead heat:
 * docs/betting.md "Non-runners and dead heats"), the same outcomes grouped in one statement.
 */
export async function markBetsDecidedEach(
  tx: Db,
  decided: { betId: number; status: 'won' | 'lost' | 'void'; profitLoss: number; settledOdds: number | null }[],
  settlementId: number,
  now: number,
): Promise<void> {
  const groups = new Map<string, number[]>();
  for (const bet of decided) {
    const key = `${bet.status}|${bet.profitLoss}|${bet.settledOdds ?? ''}`;
    const ids = groups.get(key);
    if (ids) ids.push(bet.betId);
    else groups.set(key, [bet.betId]);
  }
  for (const [key, ids] of groups) {
    const [status, profitLoss, settledOdds] = key.split('|');
    for (let i = 0; i < ids.length; i += 500) {
      await tx
        .updateTable('bets')
        .set({
          status: status as 'won' | 'lost' | 'void',
          profit_loss: Number(profitLoss),
          settled_odds: settledOdds ? Number(settledOdds) : null,
          settlement_id: settlementId,
          settled_at: now,
        })
        .where('bet_id', 'in', ids.slice(i, i + 500))
        .execute();
    }
  }
}

/** The total profit and loss a settlement wrote on its bets. */
export async function sumSettledProfitLoss(db: Db, settlementId: number): Promise<number> {
  const row = await db
    .selectFrom('bets')
    .select((eb) => eb.fn.sum<number>('profit_loss').as('total'))
    .where('settlement_id', '=', settlementId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function insertSettlementPosting(
  tx: Db,
  row: { settlement_id: number; user_id: number; transaction_id: number | null; profit_loss: number; turnover: number },
): Promise<void> {
  await tx.insertInto('bet_settlement_postings').values(row).execute();
}

export async function listSettlementPostings(db: Db, settlementId: number) {
  return db.selectFrom('bet_settlement_postings').selectAll().where('settlement_id', '=', settlementId).execute();
}

/**
 * Declared results neither a settlement nor a settle job has taken up yet, oldest first (a job
 * that failed for good stays failed for an operator to look at, and does not hold up the rest).
 */
export async function listUnsettledResults(db: Db, limit: number): Promise<{ target: string }[]> {
  return db
    .selectFrom(declaredResults(db).as('r'))
    .select('r.target')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('bet_settlements').select('bet_settlements.id').whereRef('bet_settlements.target', '=', 'r.target'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('jobs')
            .select('jobs.id')
            .where('jobs.job_key', '=', sql<string>`'settle:' || r.target`),
        ),
      ),
    )
    .orderBy('r.decided_at')
    .limit(limit)
    .execute();
}

/** The match and market names of a player's markets ('M' targets) and fancy lines ('F'), for the account statement. */
export async function listTargetNames(db: Db, userId: number, targets: string[]) {
  if (targets.length === 0) return [];
  return db
    .selectFrom('bets')
    .select((eb) => ['target', eb.fn.min('match_name').as('match_name'), eb.fn.min('market_name').as('market_name')])
    .where('target', 'in', targets)
    .where('user_id', '=', userId)
    .groupBy('target')
    .execute();
}

/** A player's settled bets whose price a non-runner reduced, in the given targets, oldest first. */
export async function listReducedPrices(db: Db, userId: number, targets: string[]) {
  if (targets.length === 0) return [];
  return db
    .selectFrom('bets')
    .select(['target', 'bet_id', 'odds', 'settled_odds'])
    .where('user_id', '=', userId)
    .where('target', 'in', targets)
    .where('settled_odds', 'is not', null)
    .orderBy('bet_id')
    .execute();
}

/** The player's open fancy bets on every line (current bets' run positions), by line then bet. */
export async function listOpenFancyBetsOfUser(db: Db, userId: number, sportId?: number): Promise<BetRecord[]> {
  let query = db
    .selectFrom('bets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .where('kind', '=', 'fancy');
  if (sportId !== undefined) query = query.where('sport_id', '=', sportId);
  return query.orderBy('fancy_id').orderBy('bet_id').execute();
}

/**
 * The match-odds and bookmaker markets (one winner) a player has open bets in: cash out is offered
 * on these (docs/betting.md "Cash out"), listed on the current bets page.
 */
export async function listOpenCashOutMarketsOfUser(db: Db, userId: number, sportId?: number) {
  let query = db
    .selectFrom('bets')
    .select((eb) => [
      'bets.market_id',
      eb.fn.min('bets.match_id').as('match_id'),
      eb.fn.min('bets.match_name').as('match_name'),
      eb.fn.min('bets.market_name').as('market_name'),
      eb.fn.max('bets.placed_at').as('last_placed_at'),
    ])
    .where('bets.user_id', '=', userId)
    .where('bets.status', '=', 'open')
    .where('bets.kind', 'in', ['match_odds', 'bookmaker'])
    .where('bets.market_id', 'in', singleWinnerMarketIds(db));
  if (sportId !== undefined) query = query.where('bets.sport_id', '=', sportId);
  return query.groupBy('bets.market_id').orderBy('last_placed_at', 'desc').execute();
}

/**
 * A player's sports play since `since` (paise): the stakes of the bets placed, and what the bets
 * won and settled since then returned (liability back plus profit, so a back bet returns stake
 * and winnings as a casino win does). For the reality check (docs/responsible-play.md).
 */
export async function sumPlaySince(db: Db, userId: number, since: number): Promise<{ staked: number; returned: number }> {
  const placed = await db
    .selectFrom('bets')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('stake'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('placed_at', '>=', since)
    .executeTakeFirstOrThrow();
  const won = await db
    .selectFrom('bets')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(eb(eb.ref('liability'), '+', eb.ref('profit_loss'))), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('settled_at', '>=', since)
    .where('status', '=', 'won')
    .executeTakeFirstOrThrow();
  return { staked: Number(placed.total), returned: Number(won.total) };
}
