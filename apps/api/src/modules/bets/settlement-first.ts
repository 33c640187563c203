import type { Db } from '../../db/database';
import { moneyTransaction } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import type { BonusService } from '../bonus';
import type { Money } from '../money';
import { exposureKeyOf } from './bet-model';
import { lockMarket } from './bets.locks';
import { findLatestSettlement, listOpenBets, listUsersWithOpenBets } from './bets.repository';
import { betsNote, type Decision, groupByUser } from './settlement-outcome';
import { answer, type OnSettledMeanwhile, PlayersChanged, SettlementChanged } from './settlement-rounds';
import { notedByTerms } from './settlement-terms';
import type { SettlementWrites } from './settlement-writes';
import type { SettleOnce, SettleResult, SettlementSource } from './settlement-result';

/** Settlement 1 of a market (docs/betting.md): every player's posting and bet outcome at once. */
export function createFirstSettlement(
  db: Db,
  clock: Clock,
  deps: { money: Money; bonuses: BonusService },
  writes: SettlementWrites,
) {
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
    const terms = await writes.termsOf(target, decision);
    const work = { userIds, idempotency: once.idempotency ?? null, now: clock.now() };
    return moneyTransaction(db, work, async (tx) => {
      await lockMarket(tx, target, 'settle');
      const latest = await findLatestSettlement(tx, target);
      if (latest) {
        if (meanwhile === 'choose again') throw new SettlementChanged();
        return answer(tx, once, { status: 'already', settlementNo: Number(latest.settlement_no), bets: 0 });
      }
      const settlementId = await writes.insertNext(tx, target, 1, decision, source, reason);
      const bets = await listOpenBets(tx, target);
      const byUser = groupByUser(bets);
      if ([...byUser.keys()].some((userId) => !userIds.includes(userId))) throw new PlayersChanged();
      let posted = 0;
      for (const [userId, userBets] of byUser) {
        const outcome = writes.decideAll(userBets, decision, terms);
        const transactionId = await deps.money.settleBets(tx, {
          userId,
          subject: exposureKeyOf(target),
          profitLoss: outcome.profitLoss,
          reference: `settle:${target}:1:u${userId}`,
          note: betsNote(userBets, `settled (${target} #1)${notedByTerms(userBets, terms)}`),
        });
        await writes.recordPosting(tx, settlementId, userId, outcome, transactionId);
        posted += outcome.profitLoss;
        if (outcome.turnover > 0) {
          await deps.bonuses.recordSettledTurnover(tx, { userId, amount: outcome.turnover, reference: `settle:${target}:1` });
        }
      }
      await writes.markAll(tx, { target }, bets, decision, settlementId, posted, terms);
      return answer(tx, once, { status: 'settled', settlementNo: 1, bets: bets.length });
    });
  }

  return settleFirst;
}
