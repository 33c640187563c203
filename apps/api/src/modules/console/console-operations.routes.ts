import {
  adminEndpoints as api,
  DEFAULT_GLOBAL_SETTINGS,
  DEFAULT_OPERATOR_SETTINGS,
  OPERATOR_SETTING_KEYS,
  SETTING_KEYS,
  UPLOAD_IMAGE_PATH,
} from '@app/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import { assertFancy, assertMarket, marketDecision, type SettleOnce, type SettleResult } from '../bets';
import type { AuditEntry } from '../operators';
import type { ConsoleDeps } from './console-deps';
import { createConsoleDashboard } from './console-dashboard.service';
import { createConsoleFixtures } from './console-fixtures.service';
import { createConsoleMarkets } from './console-markets.service';
import { actorOf, committedResult, pagingOf, tableAnswer, targetOfBody, windowOf } from './console-support';

const MAX_BRANDING_IMAGE_BYTES = 2 * 1024 * 1024;

function settleWire(target: string, result: SettleResult) {
  return { target, result: result.status, settlement_no: result.settlementNo, bets: result.bets };
}

const targetOf = (body: { market_id: string } | { fancy_id: number }) =>
  'market_id' in body ? { marketId: body.market_id } : { fancyId: body.fancy_id };

/** Dashboard, settings, sports, casino and the audit log (docs/operators.md). */
export function registerConsoleOperationsRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const { db, clock, operators, settings, images, settlement, marketsAdmin, casinoAdmin } = deps;
  const dashboard = createConsoleDashboard(deps);
  const fixtures = createConsoleFixtures(deps);
  const fixtureMarkets = createConsoleMarkets(deps);

  // ---- Dashboard ----
  registerEndpoint(app, api.adminDashboard, async () => ({ data: await dashboard.dashboard() }));

  // ---- Settings ----
  registerEndpoint(app, api.adminSettings, async () => {
    const current = await settings.getSettings();
    const own = await settings.getOperatorSettings();
    return {
      data: {
        rows: [
          ...SETTING_KEYS.map((key) => ({ key, value: current[key], default_value: DEFAULT_GLOBAL_SETTINGS[key] })),
          ...OPERATOR_SETTING_KEYS.map((key) => ({ key, value: own[key], default_value: DEFAULT_OPERATOR_SETTINGS[key] })),
        ],
      },
    };
  });

  async function setSetting(key: string, value: string, actor: ReturnType<typeof actorOf>) {
    const before = { ...(await settings.getSettings()), ...(await settings.getOperatorSettings()) } as Record<string, string>;
    await settings.setSetting(key, value);
    await operators.audit.record(actor, {
      action: 'settings.set',
      target: `setting:${key}`,
      before: { [key]: before[key] },
      after: { [key]: value },
    });
  }

  registerEndpoint(app, api.adminSetSetting, async ({ body, request }) => {
    await setSetting(body.key, body.value, actorOf(request));
    return { data: { key: body.key, value: body.value }, message: 'Saved' };
  });

  // The branding image is a multipart form: only this scope reads one.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: MAX_BRANDING_IMAGE_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 100, headerPairs: 50 },
    });
    registerEndpoint(scope, api.adminUploadImage, async ({ body, request }) => {
      const name = await images.storeImageBytes(body.image);
      await setSetting(body.key, name, actorOf(request));
      return { data: { key: body.key, value: name, url: `/api/${UPLOAD_IMAGE_PATH}/${name}` }, message: 'Saved' };
    });
  });

  // ---- Sports ----
  registerEndpoint(app, api.adminFixtures, async ({ body }) => ({ data: await fixtures.fixtures(body) }));

  registerEndpoint(app, api.adminFixtureMarkets, async ({ body }) => ({ data: await fixtureMarkets.fixtureMarkets(body) }));

  registerEndpoint(app, api.adminExposure, async ({ body }) => ({ data: await fixtures.exposure(body) }));

  registerEndpoint(app, api.adminSettlementPreview, async ({ body }) => ({ data: await fixtureMarkets.settlementPreview(body) }));

  registerEndpoint(app, api.adminSuspend, async ({ body, request }) => {
    const label = await marketsAdmin.suspend(targetOf(body));
    await operators.audit.record(actorOf(request), {
      action: 'sports.suspend',
      target: label,
      before: { suspended: false },
      after: { suspended: true },
    });
    return { data: { target: label, suspended: true }, message: `${label} suspended` };
  });

  registerEndpoint(app, api.adminResume, async ({ body, request }) => {
    const label = await marketsAdmin.resume(targetOf(body));
    await operators.audit.record(actorOf(request), {
      action: 'sports.resume',
      target: label,
      before: { suspended: true },
      after: { suspended: false },
    });
    return { data: { target: label, suspended: false }, message: `${label} resumed` };
  });

  // A settlement act claims its Idempotency-Key and writes its audit row in the settlement's own
  // transaction, `already` answers too: the declaration, every bet's outcome and posting, the key
  // and the audit row commit together or not at all (docs/operators.md, "Exactly once").
  const settledOnce = async (
    request: FastifyRequest,
    target: string,
    auditOf: (result: SettleResult) => Omit<AuditEntry, 'target'>,
    act: (once: SettleOnce) => Promise<SettleResult>,
  ) => {
    // The key's stored result is the settlement's; a key stored before settlements claimed their
    // keys in their own transaction holds the wire answer itself.
    const earlier = await committedResult<SettleResult | ReturnType<typeof settleWire>>(db, request);
    if (earlier) return { data: 'settlementNo' in earlier ? settleWire(target, earlier) : earlier };
    const actor = actorOf(request);
    const result = await act({
      idempotency: request.idempotency,
      within: async (tx, settled) => {
        await deps.testHooks?.afterOperatorMoney?.();
        await operators.audit.record(actor, { ...auditOf(settled), target }, tx);
      },
    });
    return { data: settleWire(target, result) };
  };

  registerEndpoint(app, api.adminDeclareResult, ({ body, request }) =>
    settledOnce(
      request,
      `M:${body.market_id}`,
      (result) => ({
        action: 'sports.result',
        before: null,
        after: {
          winners: body.winner_selection_ids,
          status: result.status,
          settlement_no: result.settlementNo,
          bets: result.bets,
        },
      }),
      async (once) => {
        const decision = await marketDecision(db, body.market_id, body.winner_selection_ids);
        return settlement.settle(`M:${body.market_id}`, decision, 'operator', null, once);
      },
    ),
  );

  registerEndpoint(app, api.adminVoid, ({ body, request }) =>
    settledOnce(
      request,
      targetOfBody(body),
      (result) => ({
        action: 'sports.void',
        before: null,
        after: { status: result.status, settlement_no: result.settlementNo, bets: result.bets, reason: body.reason ?? null },
      }),
      async (once) => {
        if ('market_id' in body) await assertMarket(db, body.market_id);
        else await assertFancy(db, body.fancy_id);
        return settlement.voidTarget(targetOfBody(body), 'operator', body.reason ?? null, once);
      },
    ),
  );

  registerEndpoint(app, api.adminResettle, ({ body, request }) =>
    settledOnce(
      request,
      targetOfBody(body),
      (result) => ({
        action: 'sports.resettle',
        before: result.settlementNo > 1 ? { settlement_no: result.settlementNo - 1 } : null,
        after: { ...body, status: result.status, settlement_no: result.settlementNo, bets: result.bets },
      }),
      async (once) => {
        const reason = body.reason ?? null;
        if ('market_id' in body) {
          const decision = await marketDecision(db, body.market_id, body.winner_selection_ids);
          return settlement.resettle(targetOfBody(body), decision, 'operator', reason, once);
        }
        await assertFancy(db, body.fancy_id);
        return settlement.resettle(targetOfBody(body), { outcome: 'run', run: body.run }, 'operator', reason, once);
      },
    ),
  );

  registerEndpoint(app, api.adminFancyResult, ({ body, request }) =>
    settledOnce(
      request,
      `F:${body.fancy_id}`,
      (result) => ({
        action: 'sports.fancy_result',
        before: null,
        after: { run: body.run, status: result.status, settlement_no: result.settlementNo, bets: result.bets },
      }),
      async (once) => {
        await assertFancy(db, body.fancy_id);
        return settlement.settle(`F:${body.fancy_id}`, { outcome: 'run', run: body.run }, 'operator', null, once);
      },
    ),
  );

  // ---- Casino ----
  registerEndpoint(app, api.adminCasinoProviders, async () => ({ data: { rows: await casinoAdmin.providers() } }));

  registerEndpoint(app, api.adminCasinoGames, async ({ body }) => {
    const paging = pagingOf(body);
    const { rows, total } = await casinoAdmin.games(
      { providerId: body.provider_id, search: body.search },
      paging.limit,
      paging.offset,
    );
    return { data: tableAnswer(rows, total, paging) };
  });

  registerEndpoint(app, api.adminSetProvider, async ({ body, request }) => {
    const { before, after } = await casinoAdmin.setProvider(body.provider_id, body);
    await operators.audit.record(actorOf(request), {
      action: 'casino.provider',
      target: `provider:${body.provider_id}`,
      before,
      after,
    });
    return { data: { provider_id: after.provider_id, is_active: after.is_active, sort_order: after.sort_order } };
  });

  registerEndpoint(app, api.adminSetGame, async ({ body, request }) => {
    const { before, after } = await casinoAdmin.setGame(body.game_id, body);
    await operators.audit.record(actorOf(request), { action: 'casino.game', target: `game:${body.game_id}`, before, after });
    return { data: after };
  });

  // ---- Audit log ----
  registerEndpoint(app, api.adminAuditLog, async ({ body }) => {
    const paging = pagingOf(body);
    // Open-ended on either side: a from_date alone reaches today, a to_date alone the first row.
    const window = windowOf(body, clock.now());
    const { rows, total } = await operators.audit.list(
      {
        ...(body.from_date ? { from: window.from } : {}),
        ...(body.to_date ? { to: window.to } : {}),
        ...(body.operator ? { operatorNameKey: body.operator.toLowerCase() } : {}),
        ...(body.action ? { action: body.action } : {}),
        ...(body.target ? { target: body.target } : {}),
        ...(body.player ? { playerNameKey: body.player.toLowerCase() } : {}),
      },
      paging.page,
      paging.limit,
    );
    return { data: tableAnswer(rows, total, paging) };
  });
}
