import { endpoints } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { dataFromCopy, registerEndpoint } from '../../plugins/contract';
import type { MarketsService } from './markets.service';

/** A sport's lists are asked for with is_active '1'; '0' (hidden things) shows nothing to customers. */
export function registerMarketsRoutes(app: FastifyInstance, markets: MarketsService): void {
  registerEndpoint(app, endpoints.getSeries, async ({ body }) => ({
    data: body.is_active === '0' ? [] : await markets.getSeries(body.sport_id),
  }));
  registerEndpoint(app, endpoints.getMatches, async ({ body }) => ({
    data: body.is_active === '0' ? [] : await markets.getMatches(body.sport_id, body.series_id),
  }));
  registerEndpoint(app, endpoints.searchByMatchNameHeader, async ({ body }) => ({ data: await markets.search(body.search) }));
  registerEndpoint(app, endpoints.getLiveMatches, async () => ({ data: await markets.liveMatches() }));
  registerEndpoint(app, endpoints.getUpcomingMatches, async () => ({ data: await markets.upcomingMatches() }));
  registerEndpoint(app, endpoints.getMarkets, ({ body }) =>
    dataFromCopy(markets.marketsCopy(body.match_id), () => markets.getMarkets(body.match_id)),
  );
}
