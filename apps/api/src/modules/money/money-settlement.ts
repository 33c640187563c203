import { allocateLoss } from '@app/shared';
import type { Tx } from '../../db/unit-of-work';
import type { Leg } from '../ledger';
import type { MoneyDeps } from './money-helpers';
import { type BetResult, noteWith } from './money-support';
import { findMarketExposure } from './wallet.repository';

/** A settled or re-settled market: the hold released, the profit or loss posted. */
export function createMoneySettlement({ ledger, helpers }: MoneyDeps) {
  const { readBalances, recordOutcome, setExposure } = helpers;

  /** A market's profit (from the house to cash) or loss (to the house: bonus staked first, then cash). */
  async function postBetResult(tx: Tx, result: BetResult, bonusStaked: number): Promise<number | null> {
    const { userId, profitLoss, reference, note, subject } = result;
    if (profitLoss === 0) return null;
    if (profitLoss > 0) {
      const posted = await ledger.transfer(tx, {
        kind: 'bet_win',
        reference,
        note,
        subject,
        userId,
        from: { system: 'house' },
        to: { userId, kind: 'cash' },
        amount: profitLoss,
      });
      return posted.transactionId;
    }
    const loss = -profitLoss;
    const balances = await readBalances(tx, userId);
    const paid = allocateLoss(loss, { bonusStaked, cash: balances.cash, wagerBonus: balances.wagerBonus });
    const legs: Leg[] = [{ account: { system: 'house' }, amount: loss }];
    if (paid.fromCash > 0) legs.push({ account: { userId, kind: 'cash' }, amount: -paid.fromCash });
    if (paid.fromBonus > 0) legs.push({ account: { userId, kind: 'wager_bonus' }, amount: -paid.fromBonus });
    const posted = await ledger.post(tx, { kind: 'bet_loss', reference, note, subject, userId, legs });
    return posted.transactionId;
  }

  return {
    async settleBets(tx: Tx, result: BetResult): Promise<number | null> {
      const held = await findMarketExposure(tx, result.userId, result.subject);
      await setExposure(tx, {
        userId: result.userId,
        subject: result.subject,
        exposure: 0,
        cause: noteWith(result.note, 'held money back'),
      });
      await recordOutcome(tx, { userId: result.userId, lossChange: -result.profitLoss });
      return postBetResult(tx, result, Number(held?.bonus_held ?? 0));
    },

    async resettleBets(
      tx: Tx,
      result: BetResult & { earlierTransactionId: number | null; earlierProfitLoss: number; reversalReference: string },
    ): Promise<number | null> {
      const reverseEarlier = async () => {
        if (result.earlierTransactionId === null) return;
        await ledger.reverse(tx, {
          transactionId: result.earlierTransactionId,
          kind: 'bet_settle_reversal',
          reference: result.reversalReference,
          userId: result.userId,
          subject: result.subject,
          note: noteWith(result.note, 'the earlier result reversed'),
        });
      };
      // Credits first, so a player who spent an earlier win is not short in between.
      if (result.profitLoss <= 0) await reverseEarlier();
      const transactionId = await postBetResult(tx, result, 0);
      if (result.profitLoss > 0) await reverseEarlier();
      await recordOutcome(tx, { userId: result.userId, lossChange: result.earlierProfitLoss - result.profitLoss });
      return transactionId;
    },
  };
}
