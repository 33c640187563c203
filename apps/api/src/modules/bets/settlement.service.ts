import type { MarketTerms } from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { moneyTransaction, type Tx, writeTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { BonusService } from '../bonus';
import { findMarketSummary, readRunnerRemovals } from '../markets';
import type { Money, OperatorActOptions } from '../money';
import { exposureKeyOf, modelBetOf, type PricedBet } from './bet-model';
import { betsNote, type Decision, decide, groupByUser, winnersOf } from './settlement-outcome';
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
  markBetsDecidedEach,
  type SettleScope,
  type SqlDecision,
  markBetsDecided,
  markSettlementReversed,
  sumSettledProfitLoss,
} from './bets.repository';

export type { Decision } from './settlement-outcome';

export interface SettleResult {
  /** 'settled': this call settled it; 'already': an earlier (or a concurrent) call did. */
  status: 'settled' | 'already';
  settlementNo: number;
  bets: number;
}

export type SettlementSource = 'feed' | 'operator';

/**
 * How an operator's settlement act runs once (docs/operators.md, "Exactly once"): its
 * Idempotency-Key is claimed in the settlement's own transaction, and `within` (the act's audit
 * row) runs in it with the answer, `already` too, so the declaration, every bet's outcome and
 * posting, the key and the audit row commit together or not at all.
 */
export type SettleOnce = OperatorActOptions<SettleResult>;

export interface SettlementService {
  /** The first settlement of a market; a market already settled is left as it is ('already'). */
  settle(
    target: string,
    decision: Decision,
    source: SettlementSource,
    reason?: string | null,
    once?: SettleOnce,
  ): Promise<SettleResult>;
  /**
   * A correction (docs/betting.md "Corrections"): reverses the market's current settlement, each
   * player's posting by a new transaction linked to it, and settles it again with `decision`.
   */
  resettle(
    target: string,
    decision: Decision,
    source: SettlementSource,
    reason?: string | null,
    once?: SettleOnce,
  ): Promise<SettleResult>;
  /**
   * Voids a market or fancy line: settles it void when it is not settled yet, else corrects its
   * settlement to void (every stake back). 'already' when it is void already.
   */
  voidTarget(target: string, source: SettlementSource, reason?: string | null, once?: SettleOnce): Promise<SettleResult>;
}

/** A player joined the market between reading who to lock and locking: read again. */
class PlayersChanged extends Error {}

/** The market's settlement changed between choosing how to void it and locking it: choose again. */
class SettlementChanged extends Error {}

/** What the transaction does when it finds the market settled otherwise than it read. */
type OnSettledMeanwhile = 'answer already' | 'choose again';

type SettlementRow = NonNullable<Awaited<ReturnType<typeof findLatestSettlement>>>;

const MAX_ROUNDS = 5;

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

  /**
   * Runs one settlement round, each in its own transaction, until one answers. Another settler
   * racing this one (players joined, the settlement moved on, or a concurrent insert hit the unique
   * index) rolls the round back, and the next reads again and answers inside its transaction, so an
   * `already` answer carries the caller's key and audit row too.
   */
  async function rounds(work: () => Promise<SettleResult>): Promise<SettleResult> {
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
  async function answer(tx: Tx, once: SettleOnce, result: SettleResult): Promise<SettleResult> {
    await once.within?.(tx, result);
    return result;
  }

  /** Settlement 1 of a market with open bets, in one transaction: every player's posting at once. */
  async function settleFirst(
    target: string,
    decision: Decision,
    source: SettlementSource,
    reason: string | null,
    once: SettleOnce,
    meanwhile: OnSettledMeanwhile,
  ): Promise<SettleResult> {
    const userIds = await listUsersWithOpenBets(db, target);
    const terms = await termsOf(target, decision);
    const work = { userIds, idempotency: once.idempotency ?? null, now: clock.now() };
    return moneyTransaction(db, work, async (tx) => {
      await lockMarket(tx, target, 'settle');
      const latest = await findLatestSettlement(tx, target);
      if (latest) {
        if (meanwhile === 'choose again') throw new SettlementChanged();
        return answer(tx, once, { status: 'already', settlementNo: Number(latest.settlement_no), bets: 0 });
      }
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
      return answer(tx, once, { status: 'settled', settlementNo: 1, bets: bets.length });
    });
  }

  /** Settlement n+1 correcting `latest` (read before the transaction), in one transaction. */
  async function resettleFrom(
    target: string,
    latest: SettlementRow,
    decision: Decision,
    source: SettlementSource,
    reason: string | null,
    once: SettleOnce,
    meanwhile: OnSettledMeanwhile,
  ): Promise<SettleResult> {
    const earlierBets = await listBetsOfSettlement(db, Number(latest.id));
    const userIds = [...groupByUser(earlierBets).keys()].sort((a, b) => a - b);
    const terms = await termsOf(target, decision);
    const work = { userIds, idempotency: once.idempotency ?? null, now: clock.now() };
    return moneyTransaction(db, work, async (tx) => {
      await lockMarket(tx, target, 'settle');
      const current = await findLatestSettlement(tx, target);
      // Another re-settle got there first: this one was asked of a settlement that is gone.
      if (!current || Number(current.id) !== Number(latest.id)) {
        if (meanwhile === 'choose again') throw new SettlementChanged();
        return answer(tx, once, { status: 'already', settlementNo: Number(current?.settlement_no ?? 0), bets: 0 });
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
      return answer(tx, once, { status: 'settled', settlementNo: no, bets: bets.length });
    });
  }

  /** A void of a market void already: nothing moves, but the answer still carries the key and audit row. */
  function alreadyVoid(target: string, latest: SettlementRow, once: SettleOnce): Promise<SettleResult> {
    const work = { userIds: [], idempotency: once.idempotency ?? null, now: clock.now() };
    return moneyTransaction(db, work, async (tx) => {
      if (Number((await findLatestSettlement(tx, target))?.id) !== Number(latest.id)) throw new SettlementChanged();
      return answer(tx, once, { status: 'already', settlementNo: Number(latest.settlement_no), bets: 0 });
    });
  }

  return {
    settle: (target, decision, source, reason = null, once = {}) =>
      rounds(() => settleFirst(target, decision, source, reason, once, 'answer already')),

    async resettle(target, decision, source, reason = null, once = {}) {
      const latest = await findLatestSettlement(db, target);
      if (!latest) throw new AppError('REFUSED', `${target} has not been settled yet; settle it first`);
      return rounds(() => resettleFrom(target, latest, decision, source, reason, once, 'answer already'));
    },

    // One key serves one transaction, so the void chooses to settle or to correct before it acts,
    // and chooses again when the market's settlement changed before its transaction locked it.
    voidTarget: (target, source, reason = null, once = {}) =>
      rounds(async () => {
        const latest = await findLatestSettlement(db, target);
        if (!latest) return settleFirst(target, { outcome: 'void' }, source, reason, once, 'choose again');
        if (latest.outcome === 'void') return alreadyVoid(target, latest, once);
        return resettleFrom(target, latest, { outcome: 'void' }, source, reason, once, 'choose again');
      }),
  };
}
