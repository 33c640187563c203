import {
  BET_REPORT_MAX_DAYS,
  type BetRow,
  DEFAULT_REPORT_PAGE_SIZE,
  type DataOf,
  defaultReportRange,
  type endpoints,
  exposurePaise,
  fancyExposurePaise,
  type FancyBet,
  fancyRunPosition,
  fromOddsHundredths,
  type MarketBet,
  type ParsedRequestOf,
  paiseToRupees,
  reportDay,
  reportRangeDays,
  reportWindow,
  type RunPositionRow,
  positionOf,
  runnerOutcomes,
} from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Money } from '../money';
import { findMarketSummary, listRunners } from '../markets';
import { exposureKeyOf, modelBetOf } from './bet-model';
import { listOpenBetsOfUserInMatch, listOpenCashOutMarketsOfUser, listOpenFancyBetsOfUser } from './bets.repository';
import type { BetRecord } from './bets.table';

const DAY_MS = 86_400_000;
const rupees = (value: number | string | null) => paiseToRupees(Number(value ?? 0));

/** A bet row as the reports answer it; `settlementNo` > 1: its settlement was corrected. */
export function wireBet(row: BetRecord, settlementNo: number | null = null): BetRow {
  const kind = row.kind;
  return {
    bet_id: Number(row.bet_id),
    placed_at: new Date(Number(row.placed_at)).toISOString(),
    settled_at: row.settled_at === null ? null : new Date(Number(row.settled_at)).toISOString(),
    sport_id: Number(row.sport_id),
    match_id: Number(row.match_id),
    match_name: row.match_name,
    market_id: row.market_id,
    fancy_id: row.fancy_id === null ? null : Number(row.fancy_id),
    market_name: row.market_name,
    selection_id: Number(row.selection_id),
    selection_name: row.selection_name,
    bet_type: kind === 'fancy' ? 'F' : 'M',
    is_back: Number(row.is_back) === 1 ? 1 : 0,
    odds: kind === 'fancy' ? Number(row.odds) : fromOddsHundredths(kind, Number(row.odds)),
    run: row.run === null ? null : Number(row.run),
    stack: rupees(row.stake),
    liability: rupees(row.liability),
    possible_win: rupees(row.possible_win),
    status: row.status,
    profit_loss: row.profit_loss === null ? null : rupees(row.profit_loss),
    is_cash_out: Number(row.is_cash_out) === 1 ? 1 : 0,
    is_corrected: settlementNo !== null && settlementNo > 1 ? 1 : 0,
    ...(row.settled_odds === null || row.settled_odds === undefined ? {} : { settled_odds: Number(row.settled_odds) / 100 }),
  };
}

type WinLoss = DataOf<typeof endpoints.getWinLossList>;
type CurrentFancy = DataOf<typeof endpoints.currentBets>['fancy'];

/** A fancy line's run position (docs/betting.md "The fancy ladder"), in rupees. */
function runPositionOf(rows: readonly BetRecord[]): RunPositionRow[] {
  return fancyRunPosition(rows.map(modelBetOf) as FancyBet[]).map((row) => ({
    from_run: row.fromRun,
    to_run: row.toRun,
    profit_loss: rupees(row.profitLossPaise),
  }));
}

/** Current bets' fancy lines: every line with open bets, whatever page its bets are on. */
function currentFancyOf(bets: readonly BetRecord[]): CurrentFancy {
  const byLine = new Map<number, BetRecord[]>();
  for (const bet of bets) {
    const fancyId = Number(bet.fancy_id);
    byLine.set(fancyId, [...(byLine.get(fancyId) ?? []), bet]);
  }
  return [...byLine].map(([fancyId, rows]) => ({
    fancy_id: fancyId,
    match_id: Number(rows[0]!.match_id),
    match_name: rows[0]!.match_name,
    name: rows[0]!.market_name,
    run_position: runPositionOf(rows),
  }));
}

export interface BetReports {
  winLossList(userId: number, matchId: number): Promise<WinLoss>;
  currentBets(
    userId: number,
    query: ParsedRequestOf<typeof endpoints.currentBets>,
  ): Promise<DataOf<typeof endpoints.currentBets>>;
  betHistory(userId: number, query: ParsedRequestOf<typeof endpoints.betHistory>): Promise<DataOf<typeof endpoints.betHistory>>;
}

export function createBetReports(db: Db, clock: Clock, money: Pick<Money, 'heldForBets'>): BetReports {
  return {
    async winLossList(userId, matchId) {
      const bets = await listOpenBetsOfUserInMatch(db, userId, matchId);
      const byTarget = new Map<string, BetRecord[]>();
      for (const bet of bets) byTarget.set(bet.target, [...(byTarget.get(bet.target) ?? []), bet]);
      const answer: WinLoss = { markets: [], fancy: [] };
      for (const [target, rows] of byTarget) {
        const modelBets = rows.map(modelBetOf);
        if (target.startsWith('F:')) {
          answer.fancy.push({
            fancy_id: Number(target.slice(2)),
            exposure: rupees(fancyExposurePaise(modelBets as FancyBet[])),
            run_position: runPositionOf(rows),
          });
          continue;
        }
        const marketId = target.slice(2);
        const runners = await listRunners(db, marketId);
        const runnerIds = runners.map((runner) => runner.selection_id);
        // A Place market pays several runners together: each runner's figures are the player's
        // totals if it places, at worst and at best over the others (docs/betting.md "The win/loss list").
        const winners = Number((await findMarketSummary(db, marketId))?.number_of_winners ?? 1);
        const position = positionOf(modelBets as MarketBet[]);
        const outcomes = runnerOutcomes(position, runnerIds, winners);
        const nullableRupees = (paise: number | null) => (paise === null ? null : rupees(paise));
        answer.markets.push({
          market_id: marketId,
          winners,
          win_loss: runners.map((runner, index) => ({
            selection_id: runner.selection_id,
            team_name: runner.name,
            profit_loss: rupees(outcomes[index]!.ifWinsWorst),
            profit_loss_best: rupees(outcomes[index]!.ifWinsBest),
            if_loses: nullableRupees(outcomes[index]!.ifLosesWorst),
            if_loses_best: nullableRupees(outcomes[index]!.ifLosesBest),
          })),
          exposure: rupees(exposurePaise(modelBets, runnerIds, winners)),
        });
      }
      return answer;
    },

    async currentBets(userId, query) {
      const page = query.page ?? 1;
      const limit = query.limit ?? DEFAULT_REPORT_PAGE_SIZE;
      let base = db.selectFrom('bets').where('user_id', '=', userId).where('status', '=', 'open');
      if (query.sport_id !== undefined) base = base.where('sport_id', '=', query.sport_id);
      const totals = await base
        .select((eb) => [
          eb.fn.countAll<number>().as('rows'),
          eb.fn.sum<number>('stake').as('stake'),
          eb.fn.sum<number>('liability').as('liability'),
        ])
        .executeTakeFirstOrThrow();
      // The exposure the header shows, market by market: what each market's netted bets hold.
      const targets = await base.select('target').distinct().execute();
      const held = await money.heldForBets(db, userId);
      const exposure = targets.reduce((total, row) => total + (held.get(exposureKeyOf(row.target)) ?? 0), 0);
      const rows = await base
        .selectAll()
        .orderBy('placed_at', 'desc')
        .orderBy('bet_id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      return {
        page,
        limit,
        total_rows: Number(totals.rows),
        rows: rows.map((row) => wireBet(row)),
        totals: { stack: rupees(totals.stake), liability: rupees(totals.liability), exposure: rupees(exposure) },
        fancy: currentFancyOf(await listOpenFancyBetsOfUser(db, userId, query.sport_id)),
        markets: (await listOpenCashOutMarketsOfUser(db, userId, query.sport_id)).map((row) => ({
          market_id: String(row.market_id),
          match_id: Number(row.match_id),
          match_name: String(row.match_name),
          market_name: String(row.market_name),
        })),
      };
    },

    async betHistory(userId, query) {
      const now = clock.now();
      const fallback = defaultReportRange(now);
      const toDate = query.to_date ?? (query.from_date && query.from_date > fallback.to ? query.from_date : fallback.to);
      const fromDate = query.from_date ?? (toDate < fallback.from ? toDate : fallback.from);
      if (fromDate > toDate) throw new AppError('BAD_REQUEST', 'from_date must not be after to_date');
      if (fromDate < reportDay(now - (BET_REPORT_MAX_DAYS - 1) * DAY_MS)) {
        throw new AppError('BAD_REQUEST', `Bet history goes back at most ${BET_REPORT_MAX_DAYS} days`);
      }
      if (reportRangeDays(fromDate, toDate) > BET_REPORT_MAX_DAYS)
        throw new AppError('BAD_REQUEST', `Bet history covers at most ${BET_REPORT_MAX_DAYS} days`);
      const { startMs, endMs } = reportWindow(fromDate, toDate);
      const page = query.page ?? 1;
      const limit = query.limit ?? DEFAULT_REPORT_PAGE_SIZE;
      let base = db
        .selectFrom('bets')
        .where('user_id', '=', userId)
        .where('status', '!=', 'open')
        .where('settled_at', '>=', startMs)
        .where('settled_at', '<', endMs);
      if (query.sport_id !== undefined) base = base.where('sport_id', '=', query.sport_id);
      const totals = await base
        .select((eb) => [
          eb.fn.countAll<number>().as('rows'),
          eb.fn.sum<number>('stake').as('stake'),
          eb.fn.sum<number>('profit_loss').as('profit_loss'),
        ])
        .executeTakeFirstOrThrow();
      // The bet's settlement number says whether an operator corrected it (docs/betting.md "Corrections").
      const rows = await base
        .leftJoin('bet_settlements', 'bet_settlements.id', 'bets.settlement_id')
        .selectAll('bets')
        .select('bet_settlements.settlement_no')
        .orderBy('bets.settled_at', 'desc')
        .orderBy('bets.bet_id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      return {
        from_date: fromDate,
        to_date: toDate,
        page,
        limit,
        total_rows: Number(totals.rows),
        rows: rows.map((row) => wireBet(row, row.settlement_no === null ? null : Number(row.settlement_no))),
        totals: { stack: rupees(totals.stake), profit_loss: rupees(totals.profit_loss) },
      };
    },
  };
}
