import type { Db } from '../../db/database';
import { moneyTransaction } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import type { Money } from '../money';
import { exposureKeyOf } from './bet-model';
import { lockMarket } from './bets.locks';
import { findLatestSettlement, listBetsOfSettlement, listSettlementPostings, markSettlementReversed } from './bets.repository';
import { betsNote, type Decision, groupByUser } from './settlement-outcome';
import { answer, type OnSettledMeanwhile, SettlementChanged } from './settlement-rounds';
import { notedByTerms } from './settlement-terms';
import type { SettlementRow, SettlementWrites } from './settlement-writes';
import type { SettleOnce, SettleResult, SettlementSource } from './settlement-result';

/**
 * Corrections of a settled market (docs/betting.md "Corrections"): each player's earlier posting
 * reversed by a new transaction linked to it, and the market settled again.
 */
export function createSettlementCorrections(db: Db, clock: Clock, deps: { money: Money }, writes: SettlementWrites) {
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
    const terms = await writes.termsOf(target, decision);
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
      const settlementId = await writes.insertNext(tx, target, no, decision, source, reason);
      const postings = new Map((await listSettlementPostings(tx, Number(latest.id))).map((row) => [Number(row.user_id), row]));
      const bets = await listBetsOfSettlement(tx, Number(latest.id));
      const what = decision.outcome === 'void' ? 'voided' : 'settled';
      const why = reason ? `: ${reason}` : '';
      let posted = 0;
      for (const [userId, userBets] of groupByUser(bets)) {
        const outcome = writes.decideAll(userBets, decision, terms);
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
        await writes.recordPosting(tx, settlementId, userId, outcome, transactionId);
        posted += outcome.profitLoss;
      }
      await writes.markAll(tx, { settlementId: Number(latest.id) }, bets, decision, settlementId, posted, terms);
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

  return { resettleFrom, alreadyVoid };
}
