import { endpoints, formatRupees } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { registerEndpoint } from '../../plugins/contract';
import type { BetReports } from './bets-reports.service';
import type { BetsService, PlacementCaller } from './bets.service';
import type { CashOutService } from './cash-out.service';

/** Sub accounts (parent_id -1) have no bet reports (docs/product.md §6). */
const SUB_ACCOUNT_PARENT_ID = -1;

function callerOf(request: FastifyRequest): PlacementCaller {
  return { userId: request.user.userId, sessionId: request.user.sessionId, idempotency: request.idempotency };
}

function refuseSubAccount(request: FastifyRequest): void {
  if (request.user.parentId === SUB_ACCOUNT_PARENT_ID) throw new AppError('REFUSED', 'Sub accounts have no bet reports');
}

export function registerBetsRoutes(
  app: FastifyInstance,
  { bets, cashOut, reports }: { bets: BetsService; cashOut: CashOutService; reports: BetReports },
): void {
  registerEndpoint(app, endpoints.placeMarketBet, async ({ body, request }) => ({
    data: await bets.placeMarketBet(callerOf(request), body),
    message: 'Bet placed',
  }));

  registerEndpoint(app, endpoints.placeFancyBet, async ({ body, request }) => ({
    data: await bets.placeFancyBet(callerOf(request), body),
    message: 'Bet placed',
  }));

  registerEndpoint(app, endpoints.cashOutQuote, async ({ body, request }) => ({
    data: await cashOut.quote(request.user.userId, body.market_id),
  }));

  registerEndpoint(app, endpoints.cashOut, async ({ body, request }) => {
    const data = await cashOut.cashOut(callerOf(request), body);
    const value = formatRupees(data.value);
    const message =
      data.share === 1 ? `Cashed out: ${value} on every runner` : `Cashed out ${Math.round(data.share * 100)}% of ${value}`;
    return { data, message };
  });

  registerEndpoint(app, endpoints.getWinLossList, async ({ body, request }) => ({
    data: await reports.winLossList(request.user.userId, body.match_id),
  }));

  registerEndpoint(app, endpoints.currentBets, async ({ body, request }) => {
    refuseSubAccount(request);
    return { data: await reports.currentBets(request.user.userId, body) };
  });

  registerEndpoint(app, endpoints.betHistory, async ({ body, request }) => {
    refuseSubAccount(request);
    return { data: await reports.betHistory(request.user.userId, body) };
  });
}
