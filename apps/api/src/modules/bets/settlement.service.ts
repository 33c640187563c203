import {
  type Bet,
  doesFancyBetWin,
  doesMarketBetWinAmong,
  fancyBetProfitLoss,
  type MarketTerms,
  marketBetProfitLossAmong,
} from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { moneyTransaction, type Tx } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { BonusService } from '../bonus';
import { readRunnerRemovals } from '../markets';
import type { Money } from '../money';
import { exposureKeyOf, modelBetOf, type PricedBet } from './bet-model';
import { decideByTerms, notedByTerms } from './settlement-terms';
import { lockMarket } from './bets.locks';
import {
  findLatestSettlement,
  insertSettlement,
  insertSettlementPosting,
  listBetsOfSettlement,
  listOpenBets,
  listSettlementPostings,
  listUsersWithOpenBets,
  findMarketSummary,
  markBetsDecidedEach,
  type SettleScope,
  type SqlDecision,
  markBetsDecided,
  markSettlementReversed,
  sumSettledProfitLoss,
} from './bets.repository';
import type { BetStatus } from './bets.table';

/**
 * How a market ended: a winning runner, several winning together (a Place market's placed
 * runners), a declared run (fancy), or void (stakes back).
 */
export type Decision =
  | { outcome: 'winner'; winnerSelectionId: number }
  | { outcome: 'winners'; winnerSelectionIds: number[] }
  | { outcome: 'run'; run: number }
  | { outcome: 'void' };

/** The runners a market decision pays, or null for a fancy run or void. */
function winnersOf(decision: Decision): number[] | null {
  if (decision.outcome === 'winner') return [decision.winnerSelectionId];
  return decision.outcome === 'winners' ? decision.winnerSelectionIds : null;
}

export interface SettleResult {
  /** 'settled': this call settled it; 'already': an earlier (or a concurrent) call did. */
  status: 'settled' | 'already';
  settlementNo: number;
  bets: number;
}

export type SettlementSource = 'feed' | 'operator';

export interface SettlementService {
  /** The first settlement of a market; a market already settled is left as it is ('already'). */
  settle(target: string, decision: Decision, source: SettlementSource, reason?: string | null): Promise<SettleResult>;
  /**
   * A correction (docs/betting.md "Corrections"): reverses the market's current settlement, each
   * player's posting by a new transaction linked to it, and settles it again with `decision`.
   */
  resettle(target: string, decision: Decision, source: SettlementSource, reason?: string | null): Promise<SettleResult>;
  /**
   * Voids a market or fancy line: settles it void when it is not settled yet, else corrects its
   * settlement to void (every stake back). 'already' when it is void already.
   */
  voidTarget(target: string, source: SettlementSource, reason?: string | null): Promise<SettleResult>;
}

/** A player joined the market between reading who to lock and locking: read again. */
class PlayersChanged extends Error {}

const MAX_ROUNDS = 5;

function decide(bet: Bet, decision: Decision): { status: BetStatus; profitLoss: number } {
  if (decision.outcome === 'void') return { status: 'void', profitLoss: 0 };
  if (bet.kind === 'fancy') {
    if (decision.outcome !== 'run') throw new AppError('BAD_REQUEST', 'A fancy line settles on a declared run');
    return { status: doesFancyBetWin(bet, decision.run) ? 'won' : 'lost', profitLoss: fancyBetProfitLoss(bet, decision.run) };
  }
  const winners = winnersOf(decision);
  if (!winners) throw new AppError('BAD_REQUEST', 'A market settles on a winning selection');
  return { status: doesMarketBetWinAmong(bet, winners) ? 'won' : 'lost', profitLoss: marketBetProfitLossAmong(bet, winners) };
}

/** What the account statement shows for a settlement movement: the bets it was about. */
function betsNote(bets: PricedBet[], what: string): string {
  const SHOWN = 8;
  const ids = bets.slice(0, SHOWN).map((bet) => Number(bet.bet_id));
  const more = bets.length > SHOWN ? ` +${bets.length - SHOWN}` : '';
  return `${bets.length === 1 ? 'bet' : 'bets'} ${ids.join(', ')}${more} ${what}`.slice(0, 200);
}

function groupByUser(bets: PricedBet[]): Map<number, PricedBet[]> {
  const byUser = new Map<number, PricedBet[]>();
  for (const bet of bets) {
    const userId = Number(bet.user_id);
    const list = byUser.get(userId);
    if (list) list.push(bet);
    else byUser.set(userId, [bet]);
  }
  return byUser;
}

export function createSettlementService(db: Db, clock: Clock, deps: { money: Money; bonuses: BonusService }): SettlementService {
  /**
   * A market's Betfair terms when they change how its bets settle (a non-runner, a dead heat:
   * docs/betting.md "Non-runners and dead heats"); null for the plain rule.
   */
  async function termsOf(target: string, decision: Decision): Promise<MarketTerms | null> {
    const winners = winnersOf(decision);
    if (!target.startsWith('M:') || !winners) return null;
    const marketId = target.slice(2);
    const removals = await readRunnerRemovals(db, marketId);
    const places = Number((await findMarketSummary(db, marketId))?.number_of_winners ?? 1);
    return removals.length || winners.length > places ? { winners, places, removals } : null;
  }

  /** The profit or loss of each of one player's bets, and their settled turnover (void stakes do not count). */
  function decideAll(bets: PricedBet[], decision: Decision, terms: MarketTerms | null) {
    const decided = bets.map((bet) => ({ bet, ...(terms ? decideByTerms(bet, terms) : decide(modelBetOf(bet), decision)) }));
    return {
      profitLoss: decided.reduce((sum, item) => sum + item.profitLoss, 0),
      turnover: decided.reduce((sum, item) => sum + (item.status === 'void' ? 0 : Number(item.bet.stake)), 0),
    };
  }

  /** Records one player's posting of a settlement (the transaction a re-settle reverses). */
  async function recordPosting(
    tx: Tx,
    settlementId: number,
    userId: number,
    outcome: { profitLoss: number; turnover: number },
    transactionId: number | null,
  ) {
    await insertSettlementPosting(tx, {
      settlement_id: settlementId,
      user_id: userId,
      transaction_id: transactionId,
      profit_loss: outcome.profitLoss,
      turnover: outcome.turnover,
    });
  }

  /** Writes every bet's outcome in a few statements, then checks they add up to what was posted. */
  async function markAll(
    tx: Tx,
    scope: SettleScope,
    bets: PricedBet[],
    decision: Decision,
    settlementId: number,
    posted: number,
    terms: MarketTerms | null,
  ) {
    if (bets.length === 0) return;
    if (terms) {
      const decided = bets.map((bet) => ({ betId: Number(bet.bet_id), ...decideByTerms(bet, terms) }));
      await markBetsDecidedEach(tx, decided, settlementId, clock.now());
      const written = await sumSettledProfitLoss(tx, settlementId);
      if (written !== posted) throw new Error(`Settlement ${settlementId} wrote ${written} on its bets but posted ${posted}`);
      return;
    }
    const kind: 'match_odds' | 'bookmaker' = bets[0]?.kind === 'bookmaker' ? 'bookmaker' : 'match_odds';
    const winners = winnersOf(decision);
    const sqlDecision: SqlDecision = winners
      ? { outcome: 'winner', winnerSelectionIds: winners, kind }
      : decision.outcome === 'run'
        ? decision
        : { outcome: 'void' };
    await markBetsDecided(tx, scope, sqlDecision, settlementId, clock.now());
    const written = await sumSettledProfitLoss(tx, settlementId);
    if (written !== posted) throw new Error(`Settlement ${settlementId} wrote ${written} on its bets but posted ${posted}`);
  }

  function insertNext(tx: Tx, target: string, no: number, decision: Decision, source: string, reason: string | null) {
    return insertSettlement(tx, {
      target,
      settlement_no: no,
      // Several winners are stored as outcome 'winner', the first in winner_selection_id, all in winner_selection_ids.
      outcome: decision.outcome === 'winners' ? 'winner' : decision.outcome,
      winner_selection_id: winnersOf(decision)?.[0] ?? null,
      winner_selection_ids: decision.outcome === 'winners' ? decision.winnerSelectionIds.join(',') : null,
      result_run: decision.outcome === 'run' ? decision.run : null,
      source,
      reason,
      created_at: clock.now(),
    });
  }

  /** Runs one settlement round; retried when the players changed, 'already' when another settler won. */
  async function rounds(target: string, work: () => Promise<SettleResult>): Promise<SettleResult> {
    for (let round = 1; ; round += 1) {
      try {
        return await work();
      } catch (error) {
        if (error instanceof PlayersChanged && round < MAX_ROUNDS) continue;
        if (isUniqueViolation(error)) {
          const latest = await findLatestSettlement(db, target);
          return { status: 'already', settlementNo: Number(latest?.settlement_no ?? 0), bets: 0 };
        }
        throw error;
      }
    }
  }

  function settle(target: string, decision: Decision, source: SettlementSource, reason: string | null = null) {
    return rounds(target, async () => {
      const userIds = await listUsersWithOpenBets(db, target);
      const terms = await termsOf(target, decision);
      return moneyTransaction(db, { userIds, now: clock.now() }, async (tx) => {
        await lockMarket(tx, target, 'settle');
        const latest = await findLatestSettlement(tx, target);
        if (latest) return { status: 'already', settlementNo: Number(latest.settlement_no), bets: 0 } as const;
        const settlementId = await insertNext(tx, target, 1, decision, source, reason);
        const bets = await listOpenBets(tx, target);
        const byUser = groupByUser(bets);
        if ([...byUser.keys()].some((userId) => !userIds.includes(userId))) throw new PlayersChanged();
        let posted = 0;
        for (const [userId, userBets] of byUser) {
          const outcome = decideAll(userBets, decision, terms);
          const transactionId = await deps.money.settleBets(tx, {
            userId,
            subject: exposureKeyOf(target),
            profitLoss: outcome.profitLoss,
            reference: `settle:${target}:1:u${userId}`,
            note: betsNote(userBets, `settled (${target} #1)${notedByTerms(userBets, terms)}`),
          });
          await recordPosting(tx, settlementId, userId, outcome, transactionId);
          posted += outcome.profitLoss;
          if (outcome.turnover > 0) {
            await deps.bonuses.recordSettledTurnover(tx, { userId, amount: outcome.turnover, reference: `settle:${target}:1` });
          }
        }
        await markAll(tx, { target }, bets, decision, settlementId, posted, terms);
        return { status: 'settled', settlementNo: 1, bets: bets.length } as const;
      });
    });
  }

  async function resettle(target: string, decision: Decision, source: SettlementSource, reason: string | null = null) {
    return rounds(target, async () => {
      const latest = await findLatestSettlement(db, target);
      if (!latest) throw new AppError('REFUSED', `${target} has not been settled yet; settle it first`);
      const earlierBets = await listBetsOfSettlement(db, Number(latest.id));
      const userIds = [...groupByUser(earlierBets).keys()].sort((a, b) => a - b);
      const terms = await termsOf(target, decision);
      return moneyTransaction(db, { userIds, now: clock.now() }, async (tx) => {
        await lockMarket(tx, target, 'settle');
        const current = await findLatestSettlement(tx, target);
        // Another re-settle got there first: this one was asked of a settlement that is gone.
        if (!current || Number(current.id) !== Number(latest.id)) {
          return { status: 'already', settlementNo: Number(current?.settlement_no ?? 0), bets: 0 } as const;
        }
        const no = Number(latest.settlement_no) + 1;
        const settlementId = await insertNext(tx, target, no, decision, source, reason);
        const postings = new Map((await listSettlementPostings(tx, Number(latest.id))).map((row) => [Number(row.user_id), row]));
        const bets = await listBetsOfSettlement(tx, Number(latest.id));
        const what = decision.outcome === 'void' ? 'voided' : 'settled';
        const why = reason ? `: ${reason}` : '';
        let posted = 0;
        for (const [userId, userBets] of groupByUser(bets)) {
          const outcome = decideAll(userBets, decision, terms);
          const earlier = postings.get(userId)?.transaction_id;
          const transactionId = await deps.money.resettleBets(tx, {
            userId,
            subject: exposureKeyOf(target),
            profitLoss: outcome.profitLoss,
            reference: `settle:${target}:${no}:u${userId}`,
            reversalReference: `resettle:${target}:${no}:u${userId}`,
            earlierTransactionId: earlier == null ? null : Number(earlier),
            earlierProfitLoss: Number(postings.get(userId)?.profit_loss ?? 0),
            note: betsNote(
              userBets,
              `${what} (${target} #${no}), settlement ${latest.settlement_no} reversed${why}${notedByTerms(userBets, terms)}`,
            ),
          });
          await recordPosting(tx, settlementId, userId, outcome, transactionId);
          posted += outcome.profitLoss;
        }
        await markAll(tx, { settlementId: Number(latest.id) }, bets, decision, settlementId, posted, terms);
        await markSettlementReversed(tx, Number(latest.id));
        return { status: 'settled', settlementNo: no, bets: bets.length } as const;
      });
    });
  }

  return {
    settle,
    resettle,

    async voidTarget(target, source, reason = null) {
      const first = await settle(target, { outcome: 'void' }, source, reason);
      if (first.status === 'settled') return first;
      const latest = await findLatestSettlement(db, target);
      if (latest?.outcome === 'void') return { status: 'already', settlementNo: Number(latest.settlement_no), bets: 0 };
      return resettle(target, { outcome: 'void' }, source, reason);
    },
  };
}
