import type { MarketTerms } from '@app/shared';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { findMarketSummary, readRunnerRemovals, recordSettledTarget } from '../markets';
import { modelBetOf, type PricedBet } from './bet-model';
import {
  type findLatestSettlement,
  insertSettlement,
  insertSettlementPosting,
  markBetsDecided,
  markBetsDecidedEach,
  type SettleScope,
  type SqlDecision,
  sumSettledProfitLoss,
} from './bets.repository';
import { type Decision, decide, winnersOf } from './settlement-outcome';
import { decideByTerms } from './settlement-terms';

export type SettlementRow = NonNullable<Awaited<ReturnType<typeof findLatestSettlement>>>;

/** What a settlement writes, shared by the first settlement and its corrections (docs/betting.md). */
export type SettlementWrites = ReturnType<typeof createSettlementWrites>;

export function createSettlementWrites(db: Db, clock: Clock) {
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

  async function insertNext(tx: Tx, target: string, no: number, decision: Decision, source: string, reason: string | null) {
    // The markets module's read model of settled targets closes the market in every view.
    await recordSettledTarget(tx, { target, isVoid: decision.outcome === 'void', settlementNo: no, now: clock.now() });
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

  return { termsOf, decideAll, recordPosting, markAll, insertNext };
}
