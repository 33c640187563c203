import { adminEndpoints as api } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import type { ConsoleDeps } from './console-deps';
import { createConsoleDashboard } from './console-dashboard.service';
import { createConsoleFixtures } from './console-fixtures.service';
import { createConsoleMarkets } from './console-markets.service';
import { registerConsoleSettingsRoutes } from './console-settings.routes';
import { registerConsoleSettlementRoutes } from './console-settlement.routes';
import { actorOf, pagingOf, tableAnswer, windowOf } from './console-support';

const targetOf = (body: { market_id: string } | { fancy_id: number }) =>
  'market_id' in body ? { marketId: body.market_id } : { fancyId: body.fancy_id };

/** Dashboard, settings, sports, casino and the audit log (docs/operators.md). */
export function registerConsoleOperationsRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const { clock, operators, marketsAdmin, casinoAdmin } = deps;
  const dashboard = createConsoleDashboard(deps);
  const fixtures = createConsoleFixtures(deps);
  const fixtureMarkets = createConsoleMarkets(deps);

  // ---- Dashboard ----
  registerEndpoint(app, api.adminDashboard, async () => ({ data: await dashboard.dashboard() }));

  // ---- Settings ----
  registerConsoleSettingsRoutes(app, deps);

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

  registerConsoleSettlementRoutes(app, deps);

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
