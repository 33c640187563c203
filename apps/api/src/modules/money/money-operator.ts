import type { Tx } from '../../db/unit-of-work';
import type { MoneyDeps } from './money-helpers';
import type { OperatorAdjustment } from './money-support';

/** An operator's credit or debit of a player's cash (docs/operators.md). */
export function createMoneyOperator({ ledger }: MoneyDeps) {
  return {
    async operatorAdjust(
      tx: Tx,
      { userId, direction, amount, reference, reason, operatorId }: OperatorAdjustment,
    ): Promise<number> {
      const cash = { userId, kind: 'cash' } as const;
      const house = { system: 'house' } as const;
      const posted = await ledger.transfer(tx, {
        kind: direction === 'credit' ? 'operator_credit' : 'operator_debit',
        reference,
        note: reason,
        userId,
        from: direction === 'credit' ? house : cash,
        to: direction === 'credit' ? cash : house,
        amount,
        operatorId: operatorId ?? null,
      });
      return posted.transactionId;
    },
  };
}
