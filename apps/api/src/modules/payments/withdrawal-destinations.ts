import { MAX_DESTINATIONS, maskAccountNumber, type PayoutDestination } from '@app/shared';
import { moneyTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import { assertCanUsePayments, type PaymentCaller } from './payment-access';
import { findDestinationByKey, listDestinations, saveDestination } from './payments.repository';
import type { DestinationRowDb } from './payments.table';
import { destinationLabel, type WithdrawalServiceDeps } from './withdrawal-support';

export type NewDestination =
  { kind: 'upi'; upi_id: string } | { kind: 'bank'; account_number: string; ifsc: string; holder_name: string };

/** A player's payout destinations (docs/payments.md, "Withdrawals"). */
export interface WithdrawalDestinations {
  addDestination(caller: PaymentCaller, destination: NewDestination): Promise<number>;
  getDestinations(caller: PaymentCaller): Promise<PayoutDestination[]>;
}

function toDestination(row: DestinationRowDb): PayoutDestination {
  return {
    destination_id: Number(row.id),
    kind: row.kind,
    label: destinationLabel(row),
    upi_id: row.upi_id,
    account_number: row.account_number === null ? null : maskAccountNumber(row.account_number),
    ifsc: row.ifsc,
    holder_name: row.holder_name,
  };
}

export function createWithdrawalDestinations(deps: WithdrawalServiceDeps): WithdrawalDestinations {
  const { db, clock, settings } = deps;
  return {
    async addDestination(caller, destination) {
      await assertCanUsePayments(settings, caller);
      const key =
        destination.kind === 'upi'
          ? `upi:${destination.upi_id.toLowerCase()}`
          : `bank:${destination.ifsc}:${destination.account_number}`;
      // Counted and written under the player's lock (PostgreSQL; SQLite's one writer covers it), so
      // parallel additions cannot all see room under the cap.
      return moneyTransaction(db, { userIds: [caller.userId], now: clock.now() }, async (tx) => {
        const existing = await findDestinationByKey(tx, caller.userId, key);
        if (existing) return Number(existing.id);
        if ((await listDestinations(tx, caller.userId)).length >= MAX_DESTINATIONS) {
          throw new AppError('REFUSED', `You can keep at most ${MAX_DESTINATIONS} payout destinations`);
        }
        return saveDestination(tx, {
          user_id: caller.userId,
          kind: destination.kind,
          destination_key: key,
          upi_id: destination.kind === 'upi' ? destination.upi_id : null,
          account_number: destination.kind === 'bank' ? destination.account_number : null,
          ifsc: destination.kind === 'bank' ? destination.ifsc : null,
          holder_name: destination.kind === 'bank' ? destination.holder_name : null,
          created_at: clock.now(),
        });
      });
    },

    async getDestinations(caller) {
      await assertCanUsePayments(settings, caller);
      return (await listDestinations(db, caller.userId)).map(toDestination);
    },
  };
}
