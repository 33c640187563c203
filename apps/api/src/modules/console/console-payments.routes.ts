import { adminEndpoints as api, formatRupees, paiseToRupees } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { registerEndpoint } from '../../plugins/contract';
import type { ConsoleActs } from './console-acts';
import type { ConsoleDeps } from './console-deps';
import { registerConsoleKycRoutes } from './console-kyc.routes';
import { createConsolePayments } from './console-payments.service';
import { createConsoleReconciliation } from './console-reconciliation.service';
import { createConsolePlayers } from './console-players.service';
import { registerConsoleRgRoutes } from './console-rg.routes';
import { actorOf, committedResult } from './console-support';

/**
 * Payments, identity checks and responsible play (docs/operators.md): deposits, withdrawals and
 * reconciliation here; identity checks from console-kyc.routes.ts, responsible play from
 * console-rg.routes.ts.
 */
export function registerConsolePaymentRoutes(app: FastifyInstance, deps: ConsoleDeps, acts: ConsoleActs): void {
  const { db, operators } = deps;
  const players = createConsolePlayers(deps);
  const paymentViews = createConsolePayments(deps, players);
  const reconciliation = createConsoleReconciliation(deps);

  registerEndpoint(app, api.adminDeposits, async ({ body }) => ({ data: await paymentViews.deposits(body) }));

  registerEndpoint(app, api.adminWithdrawals, async ({ body }) => ({ data: await paymentViews.withdrawals(body) }));

  registerEndpoint(app, api.adminApproveWithdraw, async ({ body, request }) => {
    const actor = actorOf(request);
    const row = await paymentViews.withdrawal(body.withdraw_id);
    type Approved = { status: string } | { request_id: number };
    // A retry of an approval that committed finds the withdrawal approved: it answers the first answer.
    let result = await committedResult<Approved>(db, request);
    if (!result) {
      if (row.status !== 'pending')
        throw new AppError('CONFLICT', `Withdrawal ${body.withdraw_id} is ${row.status}, not pending`);
      const amount = paiseToRupees(Number(row.amount));
      result = (await acts.needsSecondOperator(amount))
        ? await operators.approvals.request(
            actor,
            {
              kind: 'withdraw_approve',
              target: `withdraw:${body.withdraw_id}`,
              amount: Number(row.amount),
              summary: `pay out ${formatRupees(amount)} to ${row.user_name}`,
              payload: { withdraw_id: body.withdraw_id, user_name: row.user_name },
            },
            request.idempotency,
            {
              // Under the player's lock, as a cancel is: the request never starts waiting for a withdrawal that ended.
              userIds: [Number(row.user_id)],
              async assertOpen(tx) {
                const current = await paymentViews.withdrawal(body.withdraw_id, tx);
                if (current?.status !== 'pending') {
                  throw new AppError('CONFLICT', `Withdrawal ${body.withdraw_id} is ${current?.status ?? 'gone'}, not pending`);
                }
              },
            },
          )
        : { status: (await acts.approveWithdraw(actor, body.withdraw_id, { idempotency: request.idempotency })).status };
    }
    if ('request_id' in result) {
      return {
        awaitingApproval: { request_id: result.request_id },
        message: 'Above the four-eyes amount: a second operator must approve it',
      };
    }
    return {
      data: { status: 'approved' as const, withdraw_id: body.withdraw_id },
      message: 'Approved: the payout is on its way',
    };
  });

  registerEndpoint(app, api.adminRejectWithdraw, async ({ body, request }) => {
    await acts.rejectWithdraw(actorOf(request), body.withdraw_id, body.reason, { idempotency: request.idempotency });
    return {
      data: { status: 'rejected' as const, withdraw_id: body.withdraw_id },
      message: 'Rejected: the money is back in the player’s cash',
    };
  });

  registerConsoleKycRoutes(app, deps);

  registerEndpoint(app, api.adminReconciliation, async ({ body }) => ({ data: await reconciliation.reconciliation(body) }));

  registerConsoleRgRoutes(app, deps, players);
}
