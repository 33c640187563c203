import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The console's reads (docs/operators.md): players, their money, bets and rounds, the dashboard's
 * sums, exposure and payments. Reads only: every change goes through its module's service.
 */

const DAY_MS = 86_400_000;

/** A page of a table view: its rows and how many the whole view holds. */
async function pageOf<R>(rows: Promise<R[]>, count: Promise<{ n: number | string | bigint }>) {
  const [page, counted] = await Promise.all([rows, count]);
  return { rows: page, total: Number(counted.n) };
}
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The console's player row: the account, its cash balance and its last login. */
function selectPlayerRows(db: Db) {
  return db
    .selectFrom('users as u')
    .leftJoin('ledger_accounts as a', (join) => join.onRef('a.owner_user_id', '=', 'u.id').on('a.kind', '=', 'cash'))
    .select([
      'u.id',
      'u.user_name',
      'u.mobile',
      'u.email',
      'u.is_disabled',
      'u.is_demo',
      'u.is_change_password',
      'u.created_at',
      'a.balance as cash',
      (eb) =>
        eb
          .selectFrom('sessions as s')
          .select((e) => e.fn.max('s.created_at').as('at'))
          .whereRef('s.user_id', '=', 'u.id')
          .as('last_login_at'),
    ]);
}

/** Players (customers), or those whose name, mobile or email holds `search`. */
function playerFilter(search: string | undefined) {
  if (!search) return sql<boolean>`u.user_type_id = 7`;
  const pattern = likePattern(search);
  return sql<boolean>`u.user_type_id = 7 and (lower(u.user_name) like ${pattern} escape '\\'
    or u.mobile like ${pattern} escape '\\' or lower(u.email) like ${pattern} escape '\\')`;
}

export async function searchPlayers(db: Db, search: string | undefined, limit: number, offset: number) {
  const filter = playerFilter(search);
  return pageOf(
    selectPlayerRows(db).where(filter).orderBy('u.id', 'desc').limit(limit).offset(offset).execute(),
    db
      .selectFrom('users as u')
      .where(filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  );
}

export async function findPlayerRow(db: Db, nameKey: string) {
  return selectPlayerRows(db).where('u.user_name_key', '=', nameKey).executeTakeFirst();
}

export interface Window {
  from: number;
  to: number;
}

export async function playerLedger(db: Db, userId: number, window: Window, limit: number, offset: number) {
  const base = () =>
    db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .where('a.owner_user_id', '=', userId)
      .where('e.created_at', '>=', window.from)
      .where('e.created_at', '<', window.to);
  return pageOf(
    base()
      .leftJoin('operators as o', 'o.id', 't.operator_id')
      .select([
        'e.id',
        'e.created_at',
        'e.amount',
        'a.kind as account',
        't.kind',
        't.note',
        't.subject',
        't.reference',
        'o.name as operator',
      ])
      .orderBy('e.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  );
}

export async function playerBets(db: Db, userId: number, window: Window, limit: number, offset: number) {
  const base = () =>
    db.selectFrom('bets').where('user_id', '=', userId).where('placed_at', '>=', window.from).where('placed_at', '<', window.to);
  return pageOf(
    base().selectAll().orderBy('bet_id', 'desc').limit(limit).offset(offset).execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  );
}

export async function playerRounds(db: Db, userId: number, window: Window, limit: number, offset: number) {
  const base = () =>
    db
      .selectFrom('casino_rounds as r')
      .where('r.user_id', '=', userId)
      .where('r.created_at', '>=', window.from)
      .where('r.created_at', '<', window.to);
  return pageOf(
    base()
      .innerJoin('casino_providers as p', 'p.id', 'r.provider_id')
      .leftJoin('casino_games as g', (join) =>
        join.onRef('g.code', '=', 'r.game_code').onRef('g.provider_id', '=', 'r.provider_id'),
      )
      .select([
        'r.round',
        'r.created_at',
        'r.game_code',
        'g.name as game_name',
        'p.name as provider',
        'r.stake',
        'r.win',
        'r.updated_at',
      ])
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  );
}

export async function playerActivity(db: Db, userId: number, window: Window, limit: number, offset: number) {
  const base = () =>
    db
      .selectFrom('activity_log')
      .where('user_id', '=', userId)
      .where('created_at', '>=', window.from)
      .where('created_at', '<', window.to);
  return pageOf(
    base().selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  );
}

export async function latestKyc(db: Db, userId: number) {
  return db.selectFrom('kyc_submissions').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst();
}

// ---- Dashboard ----

export async function countPlayersOnline(db: Db, since: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
    .where('ended_at', 'is', null)
    .where('last_seen_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const dayOf = (column: string) => sql<number>`(${sql.ref(column)} / ${sql.lit(DAY_MS)})`;

/** Per day (days since the epoch, UTC) from `from`: sign-ups, deposits credited, withdrawals paid. */
export async function dailyPayments(db: Db, from: number) {
  const [signups, deposits, withdrawals] = await Promise.all([
    db
      .selectFrom('users')
      .select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', from)
      .where('is_demo', '=', 0)
      .where('user_type_id', '=', 7)
      .groupBy(dayOf('created_at'))
      .execute(),
    db
      .selectFrom('payment_deposits')
      .select([dayOf('updated_at').as('day'), (eb) => eb.fn.sum<number>('amount').as('n')])
      .where('status', '=', 'credited')
      .where('updated_at', '>=', from)
      .groupBy(dayOf('updated_at'))
      .execute(),
    db
      .selectFrom('payment_withdrawals')
      .select([dayOf('updated_at').as('day'), (eb) => eb.fn.sum<number>('amount').as('n')])
      .where('status', '=', 'paid')
      .where('updated_at', '>=', from)
      .groupBy(dayOf('updated_at'))
      .execute(),
  ]);
  return { signups, deposits, withdrawals };
}

/** Per day and product from `from`: turnover (settled stakes) and GGR (what players lost). */
export async function dailyGaming(db: Db, from: number) {
  const [bets, casino] = await Promise.all([
    db
      .selectFrom('bets')
      .select([
        dayOf('settled_at').as('day'),
        'kind',
        (eb) => eb.fn.sum<number>('stake').as('turnover'),
        (eb) => eb.fn.sum<number>('profit_loss').as('player_pl'),
      ])
      .where('settled_at', '>=', from)
      .where('status', '<>', 'open')
      .where('status', '<>', 'void')
      .groupBy([dayOf('settled_at'), 'kind'])
      .execute(),
    db
      .selectFrom('casino_rounds')
      .select([
        dayOf('created_at').as('day'),
        (eb) => eb.fn.sum<number>('stake').as('turnover'),
        (eb) => eb.fn.sum<number>('win').as('payouts'),
      ])
      .where('created_at', '>=', from)
      .groupBy(dayOf('created_at'))
      .execute(),
  ]);
  return { bets, casino };
}

/** What is held for open bets, per market or fancy line. */
export async function exposureByMarket(db: Db, limit: number) {
  return db
    .selectFrom('market_exposure')
    .select(['market_key', (eb) => eb.fn.sum<number>(eb('cash_held', '+', eb.ref('bonus_held'))).as('held')])
    .groupBy('market_key')
    .having((eb) => eb.fn.sum<number>(eb('cash_held', '+', eb.ref('bonus_held'))), '>', 0)
    .orderBy('held', 'desc')
    .limit(limit)
    .execute();
}

export async function marketNames(db: Db, marketIds: string[], fancyIds: number[]) {
  const [markets, fancies] = await Promise.all([
    marketIds.length
      ? db
          .selectFrom('markets as m')
          .innerJoin('matches as x', 'x.match_id', 'm.match_id')
          .select(['m.market_id', 'm.name', 'm.market_type', 'x.name as match_name', 'x.match_id'])
          .where('m.market_id', 'in', marketIds)
          .execute()
      : [],
    fancyIds.length
      ? db
          .selectFrom('fancies as f')
          .innerJoin('matches as x', 'x.match_id', 'f.match_id')
          .select(['f.fancy_id', 'f.name', 'x.name as match_name', 'x.match_id'])
          .where('f.fancy_id', 'in', fancyIds)
          .execute()
      : [],
  ]);
  return { markets, fancies };
}

// ---- Sports ----

/**
 * Fixtures in the order a trader works them (docs/operators.md, "Sports"): in play first, those
 * holding the most in open bets at the top, then upcoming ones soonest first, then finished ones
 * latest first. `now` decides in play (started, not finished), as the status the list shows.
 */
export async function listFixtures(
  db: Db,
  filter: { sportId?: number | undefined; search?: string | undefined },
  now: number,
  limit: number,
  offset: number,
) {
  const base = () => {
    let query = db.selectFrom('matches as m').innerJoin('series as s', 's.series_id', 'm.series_id');
    if (filter.sportId !== undefined) query = query.where('m.sport_id', '=', filter.sportId);
    if (filter.search) query = query.where(sql<boolean>`lower(m.name) like ${likePattern(filter.search)} escape '\\'`);
    return query;
  };
  // What open bets put at stake on each fixture (their liabilities), one pass over the open bets
  // (bets_open_by_match_idx, migration 0220): the live match with bets leads.
  const atStake = db
    .selectFrom('bets')
    .select(['match_id', (eb) => eb.fn.sum<number>('liability').as('held')])
    .where('status', '=', 'open')
    .groupBy('match_id')
    .as('o');
  return pageOf(
    base()
      .leftJoin(atStake, 'o.match_id', 'm.match_id')
      .select(['m.match_id', 'm.sport_id', 'm.name', 'm.start_time', 'm.finished_at', 'm.is_active', 's.name as series_name'])
      .orderBy(sql`case when m.finished_at is not null then 2 when m.start_time <= ${now} then 0 else 1 end`)
      .orderBy(sql`coalesce(o.held, 0)`, 'desc')
      .orderBy(sql`case when m.finished_at is null then m.start_time else 0 - m.start_time end`)
      // A stable order, so pages neither repeat nor skip a fixture.
      .orderBy('m.match_id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  );
}

export async function fixtureDetail(db: Db, matchId: number) {
  const match = await db.selectFrom('matches').select(['match_id', 'name']).where('match_id', '=', matchId).executeTakeFirst();
  if (!match) return undefined;
  const [markets, runners, fancies, suspensions, results, settlements, openBets] = await Promise.all([
    db.selectFrom('markets').selectAll().where('match_id', '=', matchId).orderBy('sort_order').execute(),
    db
      .selectFrom('market_runners as r')
      .innerJoin('markets as m', 'm.market_id', 'r.market_id')
      .select(['r.market_id', 'r.selection_id', 'r.name', 'r.sort_order'])
      .where('m.match_id', '=', matchId)
      .orderBy('r.sort_order')
      .execute(),
    db.selectFrom('fancies').selectAll().where('match_id', '=', matchId).orderBy('sort_order').execute(),
    db.selectFrom('feed_suspensions').select('target').where('match_id', '=', matchId).execute(),
    db.selectFrom('feed_results').selectAll().where('match_id', '=', matchId).execute(),
    db
      .selectFrom('bet_settlements')
      .select(['target', 'outcome', 'winner_selection_id', 'winner_selection_ids', 'result_run', 'settlement_no'])
      .where('is_reversed', '=', 0)
      .where((eb) => eb.or([eb('target', 'like', 'M:%'), eb('target', 'like', 'F:%')]))
      .execute(),
    openBetsOf(db, { matchId }),
  ]);
  return { match, markets, runners, fancies, suspensions, results, settlements, openBets };
}

export async function openBetsOf(db: Db, filter: { matchId?: number | undefined; matchIds?: number[] }) {
  let query = db
    .selectFrom('bets')
    .select([
      'match_id',
      'match_name',
      'market_id',
      'fancy_id',
      'market_name',
      'kind',
      'selection_id',
      'is_back',
      'stake',
      'liability',
      'possible_win',
    ])
    .where('status', '=', 'open');
  if (filter.matchId !== undefined) query = query.where('match_id', '=', filter.matchId);
  if (filter.matchIds !== undefined) {
    if (filter.matchIds.length === 0) return [];
    query = query.where('match_id', 'in', filter.matchIds);
  }
  return query.execute();
}

/** The bets of one market or fancy line (`M:id` / `F:id`) by status: how many, their stakes, liabilities and P/L (paise). */
export async function betTotalsOf(db: Db, target: string) {
  const [byStatus, players] = await Promise.all([
    db
      .selectFrom('bets')
      .select([
        'status',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<number>('stake').as('stake'),
        (eb) => eb.fn.sum<number>('liability').as('liability'),
        (eb) => eb.fn.sum<number>('profit_loss').as('profit_loss'),
      ])
      .where('target', '=', target)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('bets')
      .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
      .where('target', '=', target)
      .executeTakeFirstOrThrow(),
  ]);
  return { byStatus, players: Number(players.n) };
}

export async function runnersOf(db: Db, marketIds: string[]) {
  if (marketIds.length === 0) return [];
  return db
    .selectFrom('market_runners')
    .select(['market_id', 'selection_id', 'name'])
    .where('market_id', 'in', marketIds)
    .execute();
}

// ---- Payments ----

export async function listDeposits(
  db: Db,
  filter: { status?: string | undefined; userId?: number | undefined; from?: number | undefined; to?: number | undefined },
  limit: number,
  offset: number,
) {
  const base = () => {
    let query = db.selectFrom('payment_deposits as d').innerJoin('users as u', 'u.id', 'd.user_id');
    if (filter.status) query = query.where('d.status', '=', filter.status as 'pending');
    if (filter.userId !== undefined) query = query.where('d.user_id', '=', filter.userId);
    if (filter.from !== undefined) query = query.where('d.created_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('d.created_at', '<', filter.to);
    return query;
  };
  return pageOf(
    base()
      .select(['d.order_id', 'u.user_name', 'd.amount', 'd.method', 'd.status', 'd.gateway', 'd.created_at', 'd.updated_at'])
      .orderBy('d.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  );
}

export async function listWithdrawals(
  db: Db,
  filter: { status?: string | undefined; userId?: number | undefined },
  limit: number,
  offset: number,
) {
  const base = () => {
    let query = db.selectFrom('payment_withdrawals as w').innerJoin('users as u', 'u.id', 'w.user_id');
    if (filter.status) query = query.where('w.status', '=', filter.status as 'pending');
    if (filter.userId !== undefined) query = query.where('w.user_id', '=', filter.userId);
    return query;
  };
  return pageOf(
    base()
      .select(['w.id', 'u.user_name', 'w.amount', 'w.status', 'w.destination_label', 'w.reason', 'w.created_at', 'w.updated_at'])
      .orderBy('w.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  );
}

export async function findWithdrawal(db: Db, id: number) {
  return db
    .selectFrom('payment_withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.id', 'w.user_id', 'w.amount', 'w.status', 'w.reason', 'u.user_name'])
    .where('w.id', '=', id)
    .executeTakeFirst();
}

/** Per day from `from`: the payment rows' sums beside the ledger's postings of the same kinds. */
export async function reconciliationRows(db: Db, from: number, to: number) {
  const [deposits, paid, postings] = await Promise.all([
    db
      .selectFrom('payment_deposits')
      .select([dayOf('updated_at').as('day'), (eb) => eb.fn.sum<number>('amount').as('n')])
      .where('status', '=', 'credited')
      .where('updated_at', '>=', from)
      .where('updated_at', '<', to)
      .groupBy(dayOf('updated_at'))
      .execute(),
    db
      .selectFrom('payment_withdrawals')
      .select([dayOf('updated_at').as('day'), (eb) => eb.fn.sum<number>('amount').as('n')])
      .where('status', '=', 'paid')
      .where('updated_at', '>=', from)
      .where('updated_at', '<', to)
      .groupBy(dayOf('updated_at'))
      .execute(),
    db
      .selectFrom('ledger_transactions as t')
      .innerJoin('ledger_entries as e', 'e.transaction_id', 't.id')
      .select([dayOf('t.created_at').as('day'), 't.kind', (eb) => eb.fn.sum<number>('e.amount').as('n')])
      .where('t.kind', 'in', ['deposit_credit', 'withdrawal_payout'])
      .where('e.amount', '>', 0)
      .where('t.created_at', '>=', from)
      .where('t.created_at', '<', to)
      .groupBy([dayOf('t.created_at'), 't.kind'])
      .execute(),
  ]);
  return { deposits, paid, postings };
}

/**
 * The gateway's answers about payouts that contradict its first (paid, then failed, or the other
 * way): recorded, changing nothing, for an operator to settle with the provider (docs/payments.md,
 * "Order of events"). Newest first, with the withdrawal each is about.
 */
export async function contradictingPayouts(db: Db, from: number, to: number, limit: number) {
  const events = await db
    .selectFrom('payment_events')
    .select(['gateway', 'event_id', 'type', 'target', 'received_at'])
    .where('outcome', '=', 'contradicts')
    .where('received_at', '>=', from)
    .where('received_at', '<', to)
    .orderBy('received_at', 'desc')
    .limit(limit)
    .execute();
  const ids = [...new Set(events.map((event) => Number(event.target.slice('withdraw:'.length))).filter(Number.isSafeInteger))];
  const withdrawals =
    ids.length === 0
      ? []
      : await db
          .selectFrom('payment_withdrawals as w')
          .innerJoin('users as u', 'u.id', 'w.user_id')
          .select(['w.id', 'w.amount', 'w.status', 'u.user_name'])
          .where('w.id', 'in', ids)
          .execute();
  const byId = new Map(withdrawals.map((row) => [Number(row.id), row]));
  return events.flatMap((event) => {
    const withdrawal = byId.get(Number(event.target.slice('withdraw:'.length)));
    return withdrawal ? [{ ...event, withdrawal }] : [];
  });
}
