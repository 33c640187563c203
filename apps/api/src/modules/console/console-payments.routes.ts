import { adminEndpoints as api, formatRupees, paiseToRupees, rupeesToPaise } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { registerEndpoint } from '../../plugins/contract';
import type { ConsoleActs } from './console-acts';
import type { ConsoleDeps } from './console-deps';
import { createConsolePayments } from './console-payments.service';
import { createConsoleReconciliation } from './console-reconciliation.service';
import { createConsolePlayers } from './console-players.service';
import { actorOf, committedResult, iso, pagingOf, tableAnswer } from './console-support';

const KYC_STATUSES_LISTED = ['submitted', 'approved', 'rejected'] as const;

/** Payments, identity checks and responsible play (docs/operators.md). */
export function registerConsolePaymentRoutes(app: FastifyInstance, deps: ConsoleDeps, acts: ConsoleActs): void {
  const { db, operators, payments, rg } = deps;
  const players = createConsolePlayers(deps);
  const paymentViews = createConsolePayments(deps, players);
  const reconciliation = createConsoleReconciliation(deps);
  const playerId = async (userName: string) => Number((await players.find(userName)).id);

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

  async function kycRows(status: (typeof KYC_STATUSES_LISTED)[number] | undefined) {
    const lists = await Promise.all((status ? [status] : KYC_STATUSES_LISTED).map((one) => payments.kyc.list(one)));
    return lists.flat().sort((a, b) => Number(b.created_at) - Number(a.created_at));
  }

  registerEndpoint(app, api.adminKycList, async ({ body }) => {
    const paging = pagingOf(body);
    const rows = await kycRows(body.status);
    return {
      data: tableAnswer(
        rows.slice(paging.offset, paging.offset + paging.limit).map((row) => ({
          user_name: row.user_name,
          status: row.status,
          legal_name: row.legal_name,
          date_of_birth: row.date_of_birth,
          reason: row.reason,
          submitted_at: iso(row.created_at),
        })),
        rows.length,
        paging,
      ),
    };
  });

  registerEndpoint(app, api.adminKycDocument, async ({ body }) => {
    const document = await payments.kyc.document(body.user_name);
    if (!document) throw new AppError('NOT_FOUND', `${body.user_name} has sent no identity documents`);
    return { data: { content_type: document.contentType, base64: document.bytes.toString('base64') } };
  });

  registerEndpoint(app, api.adminKycReview, async ({ body, request }) => {
    const row = await payments.kyc.review(body.user_name, body.decision, body.reason ?? null);
    await operators.audit.record(actorOf(request), {
      action: `kyc.${body.decision === 'approved' ? 'approve' : 'reject'}`,
      target: `user:${body.user_name}`,
      before: { status: 'submitted' },
      after: { status: row.status, reason: body.reason ?? null },
    });
    return { data: { user_name: body.user_name, status: body.decision } };
  });

  registerEndpoint(app, api.adminReconciliation, async ({ body }) => ({ data: await reconciliation.reconciliation(body) }));

  // ---- Responsible play: view and tighten only (the service refuses any loosening) ----
  registerEndpoint(app, api.adminRgState, async ({ body }) => ({ data: await rg.state(await playerId(body.user_name)) }));

  registerEndpoint(app, api.adminRgTighten, async ({ body, request }) => {
    const actor = actorOf(request);
    const userId = await playerId(body.user_name);
    const before = (await rg.state(userId)).limits.find((row) => row.kind === body.kind && row.period === body.period);
    const state = await rg.setLimit(userId, body.kind, body.period, rupeesToPaise(body.amount), {
      kind: 'operator',
      name: actor.name,
    });
    const after = state.limits.find((row) => row.kind === body.kind && row.period === body.period);
    await operators.audit.record(actor, {
      action: 'rg.limit',
      target: `user:${body.user_name}`,
      before: { kind: body.kind, period: body.period, amount: before?.amount ?? null },
      after: { kind: body.kind, period: body.period, amount: after?.amount ?? null, reason: body.reason },
    });
    return { data: state, message: 'Limit set' };
  });

  registerEndpoint(app, api.adminRgPause, async ({ body, request }) => {
    const actor = actorOf(request);
    const userId = await playerId(body.user_name);
    const before = (await rg.state(userId)).pause;
    const state = await rg.pause(userId, body.kind, body.duration, { kind: 'operator', name: actor.name });
    await operators.audit.record(actor, {
      action: `rg.${body.kind}`,
      target: `user:${body.user_name}`,
      before: { pause: before },
      after: { pause: state.pause, duration: body.duration, reason: body.reason },
    });
    return { data: state, message: 'Pause started' };
  });
}
