import { adminEndpoints as api } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import { assertFancy, assertMarket, marketDecision, type SettleOnce, type SettleResult } from '../bets';
import type { AuditEntry } from '../operators';
import type { ConsoleDeps } from './console-deps';
import { actorOf, committedResult, targetOfBody } from './console-support';

function settleWire(target: string, result: SettleResult) {
  return { target, result: result.status, settlement_no: result.settlementNo, bets: result.bets };
}

/** The operator's settlement acts: a result, a fancy result, a void and a re-settle (docs/operators.md). */
export function registerConsoleSettlementRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const { db, operators, settlement } = deps;

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
}
