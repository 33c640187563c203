import {
  ADMIN_PRODUCTS,
  adminEndpoints as api,
  DEFAULT_GLOBAL_SETTINGS,
  DEFAULT_OPERATOR_SETTINGS,
  OPERATOR_SETTING_KEYS,
  SETTING_KEYS,
  UPLOAD_IMAGE_PATH,
} from '@app/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { registerEndpoint } from '../../plugins/contract';
import { assertFancy, assertMarket, marketDecision, type SettleOnce, type SettleResult } from '../bets';
import type { AuditEntry } from '../operators';
import type { ConsoleDeps } from './console-deps';
import {
  betTotalsOf,
  countPlayersOnline,
  dailyGaming,
  dailyPayments,
  exposureByMarket,
  fixtureDetail,
  listFixtures,
  marketNames,
  openBetsOf,
  runnersOf,
} from './console.repository';
import { actorOf, committedResult, DAY_MS, dayText, iso, pagingOf, rupees, tableAnswer, windowOf } from './console-support';
import { runnerExposure, worstCase } from './exposure';

type Product = (typeof ADMIN_PRODUCTS)[number];
const zeroByProduct = (): Record<Product, number> => ({ match_odds: 0, bookmaker: 0, fancy: 0, casino: 0 });
const MAX_BRANDING_IMAGE_BYTES = 2 * 1024 * 1024;

function settleWire(target: string, result: SettleResult) {
  return { target, result: result.status, settlement_no: result.settlementNo, bets: result.bets };
}

/** Dashboard, settings, sports, casino and the audit log (docs/operators.md). */
export function registerConsoleOperationsRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const { db, clock, operators, settings, images, settlement, marketsAdmin, casinoAdmin } = deps;

  // ---- Dashboard ----
  registerEndpoint(app, api.adminDashboard, async () => {
    const now = clock.now();
    const today = Math.floor(now / DAY_MS);
    const from = (today - 29) * DAY_MS;
    const [online, payments, gaming, held] = await Promise.all([
      countPlayersOnline(db, now - 15 * 60_000),
      dailyPayments(db, from),
      dailyGaming(db, from),
      exposureByMarket(db, 20),
    ]);
    const days = Array.from({ length: 30 }, (_, index) => today - 29 + index);
    const point = new Map(
      days.map((day) => [day, { signups: 0, deposits: 0, withdrawals: 0, turnover: zeroByProduct(), ggr: zeroByProduct() }]),
    );
    for (const row of payments.signups) {
      const p = point.get(Number(row.day));
      if (p) p.signups += Number(row.n);
    }
    for (const row of payments.deposits) {
      const p = point.get(Number(row.day));
      if (p) p.deposits += Number(row.n);
    }
    for (const row of payments.withdrawals) {
      const p = point.get(Number(row.day));
      if (p) p.withdrawals += Number(row.n);
    }
    for (const row of gaming.bets) {
      const p = point.get(Number(row.day));
      if (!p) continue;
      p.turnover[row.kind] += Number(row.turnover ?? 0);
      p.ggr[row.kind] -= Number(row.player_pl ?? 0);
    }
    for (const row of gaming.casino) {
      const p = point.get(Number(row.day));
      if (!p) continue;
      p.turnover.casino += Number(row.turnover ?? 0);
      p.ggr.casino += Number(row.turnover ?? 0) - Number(row.payouts ?? 0);
    }
    const totals = (selected: number[]) => {
      const sum = { signups: 0, deposits: 0, withdrawals: 0, turnover: zeroByProduct(), ggr: zeroByProduct() };
      for (const day of selected) {
        const p = point.get(day)!;
        sum.signups += p.signups;
        sum.deposits += p.deposits;
        sum.withdrawals += p.withdrawals;
        for (const product of ADMIN_PRODUCTS) {
          sum.turnover[product] += p.turnover[product];
          sum.ggr[product] += p.ggr[product];
        }
      }
      const inRupees = (byProduct: Record<Product, number>) =>
        Object.fromEntries(ADMIN_PRODUCTS.map((product) => [product, rupees(byProduct[product])])) as Record<Product, number>;
      return {
        signups: sum.signups,
        deposits: rupees(sum.deposits),
        withdrawals: rupees(sum.withdrawals),
        turnover: inRupees(sum.turnover),
        ggr: inRupees(sum.ggr),
      };
    };
    const marketIds = held.filter((row) => row.market_key.startsWith('market:')).map((row) => row.market_key.slice(7));
    const fancyIds = held.filter((row) => row.market_key.startsWith('fancy:')).map((row) => Number(row.market_key.slice(6)));
    const names = await marketNames(db, marketIds, fancyIds);
    return {
      data: {
        players_online: online,
        today: totals([today]),
        days_30: totals(days),
        exposure: held.map((row) => {
          const isFancy = row.market_key.startsWith('fancy:');
          const id = row.market_key.slice(isFancy ? 6 : 7);
          const market = isFancy
            ? names.fancies.find((f) => String(f.fancy_id) === id)
            : names.markets.find((m) => m.market_id === id);
          return {
            market_id: id,
            match_name: market?.match_name ?? '',
            market_name: market?.name ?? row.market_key,
            product: isFancy ? 'fancy' : market && 'market_type' in market ? market.market_type.toLowerCase() : 'match_odds',
            exposure: rupees(row.held),
          };
        }),
        series: days.map((day) => {
          const p = point.get(day)!;
          const sum = (byProduct: Record<Product, number>) => ADMIN_PRODUCTS.reduce((total, key) => total + byProduct[key], 0);
          return {
            day: dayText(day),
            signups: p.signups,
            deposits: rupees(p.deposits),
            withdrawals: rupees(p.withdrawals),
            turnover: rupees(sum(p.turnover)),
            ggr: rupees(sum(p.ggr)),
          };
        }),
      },
    };
  });

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
  /**
   * The most the book can lose on each fixture's open bets: every market's worst runner, and each
   * fancy line's liabilities, summed (paise). The same figures the fixture's own page shows.
   */
  async function openExposureByMatch(matchIds: number[]): Promise<Map<number, number>> {
    const bets = await openBetsOf(db, { matchIds });
    const runners = await runnersOf(db, [...new Set(bets.flatMap((bet) => (bet.market_id === null ? [] : [bet.market_id])))]);
    const byMatch = new Map<number, number>();
    const add = (matchId: number, paise: number) => byMatch.set(matchId, (byMatch.get(matchId) ?? 0) + paise);
    for (const marketId of new Set(bets.map((bet) => bet.market_id))) {
      const own = bets.filter((bet) => bet.market_id === marketId);
      if (marketId === null) {
        for (const bet of own) add(Number(bet.match_id), Number(bet.liability));
        continue;
      }
      const ids = runners.filter((runner) => runner.market_id === marketId).map((runner) => Number(runner.selection_id));
      add(Number(own[0]!.match_id), worstCase(runnerExposure(own, ids)));
    }
    return byMatch;
  }

  registerEndpoint(app, api.adminFixtures, async ({ body }) => {
    const paging = pagingOf(body);
    const now = clock.now();
    const filter = { sportId: body.sport_id, search: body.search };
    const { rows, total } = await listFixtures(db, filter, now, paging.limit, paging.offset);
    const held = await openExposureByMatch(rows.map((row) => Number(row.match_id)));
    return {
      data: tableAnswer(
        rows.map((row) => ({
          match_id: Number(row.match_id),
          sport_id: Number(row.sport_id),
          series_name: row.series_name,
          match_name: row.name,
          start_time: iso(row.start_time),
          is_active: Number(row.is_active) === 1,
          status: row.finished_at !== null ? 'finished' : Number(row.start_time) <= now ? 'in_play' : 'upcoming',
          open_exposure: rupees(held.get(Number(row.match_id)) ?? 0),
        })),
        total,
        paging,
      ),
    };
  });

  registerEndpoint(app, api.adminFixtureMarkets, async ({ body }) => {
    const detail = await fixtureDetail(db, body.match_id);
    if (!detail) throw new AppError('NOT_FOUND', `No fixture has id ${body.match_id}`);
    const suspended = new Set(detail.suspensions.map((row) => row.target));
    const settledBy = new Map(detail.settlements.map((row) => [row.target, row]));
    return {
      data: {
        match_id: Number(detail.match.match_id),
        match_name: detail.match.name,
        markets: detail.markets.map((market) => {
          const target = `M:${market.market_id}`;
          const runners = detail.runners.filter((runner) => runner.market_id === market.market_id);
          const exposure = runnerExposure(
            detail.openBets.filter((bet) => bet.market_id === market.market_id),
            runners.map((runner) => Number(runner.selection_id)),
          );
          const settled = settledBy.get(target);
          const winners = settled?.winner_selection_ids
            ? settled.winner_selection_ids.split(',').map(Number)
            : settled?.winner_selection_id != null
              ? [Number(settled.winner_selection_id)]
              : [];
          return {
            market_id: market.market_id,
            market_name: market.name,
            product: market.market_type.toLowerCase(),
            status: settled ? (settled.outcome === 'void' ? 'voided' : 'settled') : suspended.has(target) ? 'suspended' : 'open',
            is_operator_suspended: suspended.has(target),
            number_of_winners: Number(market.number_of_winners),
            exposure: rupees(worstCase(exposure)),
            runners: runners.map((runner) => ({
              selection_id: Number(runner.selection_id),
              name: runner.name,
              exposure: rupees(exposure.get(Number(runner.selection_id)) ?? 0),
              result: settled
                ? winners.includes(Number(runner.selection_id))
                  ? 'winner'
                  : settled.outcome === 'void'
                    ? 'void'
                    : 'loser'
                : null,
            })),
          };
        }),
        fancy: detail.fancies.map((fancy) => {
          const target = `F:${fancy.fancy_id}`;
          const settled = settledBy.get(target);
          const held = detail.openBets
            .filter((bet) => bet.fancy_id === Number(fancy.fancy_id))
            .reduce((total, bet) => total + Number(bet.liability), 0);
          return {
            fancy_id: Number(fancy.fancy_id),
            name: fancy.name,
            status: settled ? (settled.outcome === 'void' ? 'voided' : 'settled') : suspended.has(target) ? 'suspended' : 'open',
            is_operator_suspended: suspended.has(target),
            exposure: rupees(held),
            result_run: settled?.result_run == null ? null : Number(settled.result_run),
          };
        }),
      },
    };
  });

  registerEndpoint(app, api.adminExposure, async ({ body }) => {
    const paging = pagingOf(body);
    const bets = (await openBetsOf(db, { matchId: body.match_id })).filter((bet) => bet.market_id !== null);
    const marketIds = [...new Set(bets.map((bet) => bet.market_id!))];
    const runners = await runnersOf(db, marketIds);
    const rows = marketIds.flatMap((marketId) => {
      const own = bets.filter((bet) => bet.market_id === marketId);
      const first = own[0]!;
      const marketRunners = runners.filter((runner) => runner.market_id === marketId);
      const exposure = runnerExposure(
        own,
        marketRunners.map((runner) => Number(runner.selection_id)),
      );
      return marketRunners.map((runner) => ({
        match_id: Number(first.match_id),
        match_name: first.match_name,
        market_id: marketId,
        market_name: first.market_name,
        selection_id: Number(runner.selection_id),
        runner: runner.name,
        exposure: rupees(exposure.get(Number(runner.selection_id)) ?? 0),
      }));
    });
    rows.sort((a, b) => b.exposure - a.exposure);
    return { data: tableAnswer(rows.slice(paging.offset, paging.offset + paging.limit), rows.length, paging) };
  });

  const targetOfBody = (body: { market_id: string } | { fancy_id: number }) =>
    'market_id' in body ? `M:${body.market_id}` : `F:${body.fancy_id}`;

  const targetOf = (body: { market_id: string } | { fancy_id: number }) =>
    'market_id' in body ? { marketId: body.market_id } : { fancyId: body.fancy_id };

  registerEndpoint(app, api.adminSettlementPreview, async ({ body }) => {
    if ('market_id' in body) await assertMarket(db, body.market_id);
    else await assertFancy(db, body.fancy_id);
    const target = targetOfBody(body);
    const { byStatus, players } = await betTotalsOf(db, target);
    const open = byStatus.find((row) => row.status === 'open');
    const settled = byStatus.filter((row) => row.status === 'won' || row.status === 'lost');
    return {
      data: {
        target,
        players,
        open_bets: Number(open?.n ?? 0),
        open_stake: rupees(open?.stake),
        open_held: rupees(open?.liability),
        settled_bets: settled.reduce((total, row) => total + Number(row.n), 0),
        settled_profit_loss: rupees(settled.reduce((total, row) => total + Number(row.profit_loss ?? 0), 0)),
      },
    };
  });

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
