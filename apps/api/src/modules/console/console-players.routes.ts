import { adminEndpoints as api, formatRupees, paiseToRupees, rupeesToPaise } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import type { WalletBalances } from '../money';
import { permissionsOf } from '../operators';
import type { ConsoleActs } from './console-acts';
import type { ConsoleDeps } from './console-deps';
import { createConsolePlayers } from './console-players.service';
import { actorOf, pagingOf, rupeeText, tableAnswer } from './console-support';

/** Login, the players' views and acts, money adjustments and four-eyes (docs/operators.md). */
export function registerConsolePlayerRoutes(app: FastifyInstance, deps: ConsoleDeps, acts: ConsoleActs): void {
  const { operators, usersAdmin, bonuses } = deps;
  const service = operators.operators;

  const players = createConsolePlayers(deps);

  registerEndpoint(app, api.adminLogin, async ({ body, request }) => {
    // Every refused check is audited (docs/operators.md, "The audit log"); a name no operator has
    // is recorded under the system operator, with the name as it was typed.
    const session = await service.login({ ...body, ip: request.ip }, async (failure) => {
      const actor =
        failure.operatorId === null
          ? { ...(await service.actorForCli(undefined)), ip: request.ip }
          : { operatorId: failure.operatorId, name: failure.name, role: 'support' as const, ip: request.ip };
      await operators.audit.record(actor, {
        action: 'operator.login_failed',
        target: `operator:${failure.name.slice(0, 40)}`,
        after: { reason: failure.reason },
      });
    });
    const actor = { operatorId: session.operatorId, name: session.name, role: session.role, ip: request.ip };
    await operators.audit.record(actor, { action: 'operator.login', target: `operator:${session.name}` });
    return {
      data: {
        token: session.token,
        role: session.role,
        user_name: session.name,
        permissions: permissionsOf(session.role),
        idle_minutes: service.idleMinutes,
      },
    };
  });

  registerEndpoint(app, api.adminLogout, async ({ request }) => {
    await service.logout(request.operator.sessionId);
    await operators.audit.record(actorOf(request), { action: 'operator.logout', target: `operator:${request.operator.name}` });
    return { data: {} };
  });

  registerEndpoint(app, api.adminMe, ({ request }) => ({
    data: {
      user_name: request.operator.name,
      role: request.operator.role,
      permissions: permissionsOf(request.operator.role),
      idle_minutes: service.idleMinutes,
    },
  }));

  registerEndpoint(app, api.adminPlayers, async ({ body }) => ({ data: await players.list(body) }));

  registerEndpoint(app, api.adminPlayer, async ({ body }) => ({ data: await players.detail(body) }));

  registerEndpoint(app, api.adminPlayerLedger, async ({ body }) => ({ data: await players.ledger(body) }));

  registerEndpoint(app, api.adminPlayerBets, async ({ body }) => ({ data: await players.bets(body) }));

  registerEndpoint(app, api.adminPlayerRounds, async ({ body }) => ({ data: await players.rounds(body) }));

  registerEndpoint(app, api.adminPlayerActivity, async ({ body }) => ({ data: await players.activity(body) }));

  registerEndpoint(app, api.adminPlayerIdentity, async ({ body }) => ({ data: await players.identity(body) }));

  registerEndpoint(app, api.adminSetPlayerStatus, async ({ body, request }) => {
    const isDisabled = body.status === 'disabled';
    const { userName, wasDisabled } = await usersAdmin.setDisabled(body.user_name, isDisabled);
    await operators.audit.record(actorOf(request), {
      action: isDisabled ? 'player.disable' : 'player.enable',
      target: `user:${userName}`,
      before: { status: wasDisabled ? 'disabled' : 'active' },
      after: { status: body.status, reason: body.reason ?? null },
    });
    return { data: { user_name: userName, status: body.status } };
  });

  registerEndpoint(app, api.adminForcePasswordChange, async ({ body, request }) => {
    const { userName, before } = await usersAdmin.forcePasswordChange(body.user_name);
    await operators.audit.record(actorOf(request), {
      action: 'player.force_password_change',
      target: `user:${userName}`,
      before: { must_change_password: before },
      after: { must_change_password: true },
    });
    return { data: { user_name: userName, must_change_password: true as const } };
  });

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
