import { adminEndpoints as api, formatRupees, paiseToRupees, rupeesToPaise } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { registerEndpoint } from '../../plugins/contract';
import type { WalletBalances } from '../money';
import { permissionsOf } from '../operators';
import type { ConsoleActs } from './console-acts';
import type { ConsoleDeps } from './console-deps';
import {
  findPlayerRow,
  latestKyc,
  playerActivity,
  playerBets,
  playerLedger,
  playerRounds,
  searchPlayers,
} from './console.repository';
import { actorOf, iso, isoOrNull, pagingOf, rupeeText, rupees, tableAnswer, windowOf } from './console-support';

type PlayerRow = NonNullable<Awaited<ReturnType<typeof findPlayerRow>>>;

function playerWire(row: PlayerRow) {
  return {
    user_name: row.user_name,
    mobile: row.mobile,
    email: row.email,
    status: Number(row.is_disabled) === 1 ? ('disabled' as const) : ('active' as const),
    is_demo: Number(row.is_demo) === 1,
    cash: rupees(row.cash),
    created_at: iso(row.created_at),
    last_login_at: isoOrNull(row.last_login_at as number | null),
  };
}

/** Login, the players' views and acts, money adjustments and four-eyes (docs/operators.md). */
export function registerConsolePlayerRoutes(app: FastifyInstance, deps: ConsoleDeps, acts: ConsoleActs): void {
  const { db, clock, operators, wallet, usersAdmin, bonuses } = deps;
  const service = operators.operators;

  async function player(userName: string): Promise<PlayerRow> {
    const row = await findPlayerRow(db, userName.trim().toLowerCase());
    if (!row) throw new AppError('NOT_FOUND', `No player is named ${userName}`);
    return row;
  }

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

  registerEndpoint(app, api.adminPlayers, async ({ body }) => {
    const paging = pagingOf(body);
    const { rows, total } = await searchPlayers(db, body.search, paging.limit, paging.offset);
    return { data: tableAnswer(rows.map(playerWire), total, paging) };
  });

  registerEndpoint(app, api.adminPlayer, async ({ body }) => {
    const row = await player(body.user_name);
    const [balances, kyc] = await Promise.all([wallet.balancesByName(row.user_name), latestKyc(db, Number(row.id))]);
    return {
      data: {
        ...playerWire(row),
        must_change_password: Number(row.is_change_password) === 1,
        kyc_status: kyc?.status ?? ('none' as const),
        balance: {
          cash: paiseToRupees(balances.cash),
          exposure: paiseToRupees(balances.exposure + balances.bonusExposure),
          split_bonus: paiseToRupees(balances.splitBonus),
          wager_bonus: paiseToRupees(balances.wagerBonus),
        },
      },
    };
  });

  registerEndpoint(app, api.adminPlayerLedger, async ({ body }) => {
    const row = await player(body.user_name);
    const paging = pagingOf(body);
    const { rows, total } = await playerLedger(db, Number(row.id), windowOf(body, clock.now()), paging.limit, paging.offset);
    return {
      data: tableAnswer(
        rows.map((entry) => ({
          id: Number(entry.id),
          at: iso(entry.created_at),
          kind: entry.kind,
          amount: rupees(entry.amount),
          account: entry.account,
          description: entry.note ?? entry.subject ?? entry.reference,
          operator: entry.operator ?? null,
        })),
        total,
        paging,
      ),
    };
  });

  registerEndpoint(app, api.adminPlayerBets, async ({ body }) => {
    const row = await player(body.user_name);
    const paging = pagingOf(body);
    const { rows, total } = await playerBets(db, Number(row.id), windowOf(body, clock.now()), paging.limit, paging.offset);
    return {
      data: tableAnswer(
        rows.map((bet) => ({
          bet_id: Number(bet.bet_id),
          at: iso(bet.placed_at),
          match_name: bet.match_name,
          market_name: bet.market_name,
          selection: bet.selection_name,
          side: Number(bet.is_back) === 1 ? 'back' : 'lay',
          odds: Number(bet.odds) / 100,
          stake: rupees(bet.stake),
          status: bet.status,
          profit_loss: bet.profit_loss === null ? null : rupees(bet.profit_loss),
        })),
        total,
        paging,
      ),
    };
  });

  registerEndpoint(app, api.adminPlayerRounds, async ({ body }) => {
    const row = await player(body.user_name);
    const paging = pagingOf(body);
    const { rows, total } = await playerRounds(db, Number(row.id), windowOf(body, clock.now()), paging.limit, paging.offset);
    return {
      data: tableAnswer(
        rows.map((round) => ({
          round_id: round.round,
          at: iso(round.created_at),
          game: round.game_name ?? round.game_code,
          provider: round.provider,
          stake: rupees(round.stake),
          payout: rupees(round.win),
          status: Number(round.win) > 0 ? 'won' : 'lost',
        })),
        total,
        paging,
      ),
    };
  });

  registerEndpoint(app, api.adminPlayerActivity, async ({ body }) => {
    const row = await player(body.user_name);
    const paging = pagingOf(body);
    const { rows, total } = await playerActivity(db, Number(row.id), windowOf(body, clock.now()), paging.limit, paging.offset);
    return {
      data: tableAnswer(
        rows.map((event) => ({ at: iso(event.created_at), action: event.event, ip: event.ip, detail: event.user_agent })),
        total,
        paging,
      ),
    };
  });

  registerEndpoint(app, api.adminPlayerIdentity, async ({ body }) => {
    const row = await player(body.user_name);
    const kyc = await latestKyc(db, Number(row.id));
    return {
      data: {
        status: kyc?.status ?? ('none' as const),
        legal_name: kyc?.legal_name ?? null,
        date_of_birth: kyc?.date_of_birth ?? null,
        reason: kyc?.reason ?? null,
        submitted_at: isoOrNull(kyc?.created_at),
      },
    };
  });

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
    const row = await player(body.user_name);
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
    const row = await player(body.user_name);
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
