import type { FastifyInstance } from 'fastify';
import { enqueueJob } from '../../../db/jobs';
import { writeTransaction } from '../../../db/unit-of-work';
import type { GatewayContext, PaymentGateway } from './payment-gateway';
import { enqueueSandboxCallback } from './sandbox-callbacks';
import { createSandboxPayout, findSandboxPayout, settleSandboxPayout } from './sandbox.repository';

/** How long after an approved payout the sandbox's bank pays it. */
export const SANDBOX_PAYOUT_DELAY_MS = 3_000;
const PAYOUT_JOB = 'sandbox payout';

function payoutReference(withdrawId: number): string {
  return `W${withdrawId}`;
}

/** The sandbox's payouts: asked for, paid by its bank a few seconds later, and asked about. */
export interface SandboxPayouts extends Pick<PaymentGateway, 'requestPayout' | 'fetchPayoutStatus'> {
  /** Pays the payouts asked for: the `sandbox payout` job's handler (docs/payments.md, "The sandbox"). */
  handlePayoutJob(app: FastifyInstance): void;
}

export function createSandboxPayouts({ db, clock, config }: GatewayContext): SandboxPayouts {
  return {
    async requestPayout({ withdrawId, amountPaise, currency, destination }) {
      const reference = payoutReference(withdrawId);
      const label = destination.kind === 'upi' ? destination.upiId : `${destination.ifsc}:${destination.accountNumber}`;
      await writeTransaction(db, async (tx) => {
        const now = clock.now();
        await createSandboxPayout(tx, {
          reference,
          amount: amountPaise,
          currency,
          destination: label,
          status: 'requested',
          created_at: now,
          updated_at: now,
        });
        // PAYMENT_SANDBOX_PAYOUTS=off: nothing is paid until a callback comes from elsewhere (tests).
        if (config.PAYMENT_SANDBOX_PAYOUTS === 'on') {
          await enqueueJob(
            tx,
            {
              kind: PAYOUT_JOB,
              key: `sandbox:payout:${reference}`,
              payload: { withdrawId },
              runAt: now + SANDBOX_PAYOUT_DELAY_MS,
            },
            now,
          );
        }
      });
      return { providerRef: `sbx_${reference}` };
    },

    async fetchPayoutStatus(withdrawId) {
      const payout = await findSandboxPayout(db, payoutReference(withdrawId));
      if (!payout) return { status: 'unknown' };
      return { status: payout.status, amountPaise: Number(payout.amount), currency: payout.currency };
    },

    handlePayoutJob(app) {
      app.jobs.handle(PAYOUT_JOB, async (payload) => {
        const { withdrawId } = payload as { withdrawId: number };
        const reference = payoutReference(withdrawId);
        await writeTransaction(db, async (tx) => {
          if (!(await settleSandboxPayout(tx, reference, 'paid', clock.now()))) return;
          const payout = await findSandboxPayout(tx, reference);
          if (!payout) return;
          await enqueueSandboxCallback(clock, tx, {
            event_id: `evt_payout_${reference}`,
            type: 'payout.paid',
            withdraw_id: withdrawId,
            amount_paise: Number(payout.amount),
            currency: payout.currency,
          });
        });
      });
    },
  };
}
