import { adminEndpoints as api, formatRupees, paiseToRupees, rupeesToPaise } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import type { WalletBalances } from '../money';
import type { ConsoleActs } from './console-acts';
import type { ConsoleDeps } from './console-deps';
import type { ConsolePlayers } from './console-players.service';
import { actorOf, pagingOf, rupeeText, tableAnswer } from './console-support';

/** A player's money adjustments and bonus grants, and the four-eyes requests (docs/operators.md). */
export function registerConsolePlayerMoneyRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps,
  acts: ConsoleActs,
  players: ConsolePlayers,
): void {
  const { operators, bonuses } = deps;

  const balanceWire = (balances: WalletBalances) => ({
    cash: paiseToRupees(balances.cash),
    exposure: paiseToRupees(balances.exposure + balances.bonusExposure),
    split_bonus: paiseToRupees(balances.splitBonus),
    wager_bonus: paiseToRupees(balances.wagerBonus),
  });

  registerEndpoint(app, api.adminWalletAdjust, async ({ body, request }) => {
    const actor = actorOf(request);
    const row = await players.find(body.user_name);
    const payload = { user_name: row.user_name, direction: body.direction, amount: body.amount, reason: body.reason };
    // Once per Idempotency-Key: the money (or the four-eyes request), its audit row and the key
    // commit together; a retry answers the first answer, whichever of the two it was.
    const result: WalletBalances | { request_id: number } = (await acts.needsSecondOperator(body.amount))
      ? await operators.approvals.request(
          actor,
          {
            kind: 'wallet_adjust',
            target: `user:${row.user_name}`,
            amount: rupeesToPaise(body.amount),
            summary: `${body.direction} ${formatRupees(body.amount)}: ${body.reason}`,
            payload,
          },
          request.idempotency,
        )
      : await acts.walletAdjust(actor, payload, { idempotency: request.idempotency });
    if ('request_id' in result) {
      return {
        awaitingApproval: { request_id: result.request_id },
        message: 'Above the four-eyes amount: a second operator must approve it',
      };
    }
    return {
      data: { status: 'done' as const, user_name: row.user_name, balance: balanceWire(result) },
      message: body.direction === 'credit' ? 'Credited' : 'Debited',
    };
  });

  registerEndpoint(app, api.adminGrantBonus, async ({ body, request }) => {
    const row = await players.find(body.user_name);
    const actor = actorOf(request);
    const field = body.wallet === 'split' ? 'split_bonus' : 'wager_bonus';
    const { after } = await bonuses.grantByName(
      row.user_name,
      rupeeText(body.amount),
      body.wallet,
      body.reason,
      actor.operatorId,
      {
        idempotency: request.idempotency,
        within: async (tx, change) => {
          await operators.audit.record(
            actor,
            {
              action: 'bonus.grant',
              target: `user:${row.user_name}`,
              before: { [field]: balanceWire(change.before)[field] },
              after: {
                [field]: balanceWire(change.after)[field],
                bonus_id: change.bonusId,
                amount: body.amount,
                reason: body.reason,
              },
            },
            tx,
          );
        },
      },
    );
    return { data: { user_name: row.user_name, balance: balanceWire(after) }, message: 'Bonus granted' };
  });

  registerEndpoint(app, api.adminApprovals, async ({ body }) => {
    const paging = pagingOf(body);
    const { rows, total } = await operators.approvals.list(body.status, paging.page, paging.limit);
    return { data: tableAnswer(rows, total, paging) };
  });

  registerEndpoint(app, api.adminDecideApproval, async ({ body, request }) => {
    const row = await operators.approvals.decide(
      actorOf(request),
      body.request_id,
      body.decision,
      body.reason ?? null,
      request.idempotency,
    );
    return { data: row, message: body.decision === 'approve' ? 'Approved and carried out' : 'Rejected' };
  });
}
