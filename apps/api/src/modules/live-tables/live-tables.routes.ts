import { endpoints } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import type { LiveTables } from './live-tables.service';

/** The live tables' game API: the table page calls it with its launch token, like our other games. */
export function registerLiveTablesRoutes(app: FastifyInstance, tables: LiveTables): void {
  registerEndpoint(app, endpoints.fairLiveState, async ({ body }) => ({ data: await tables.state(body.token, body.table) }));
  registerEndpoint(app, endpoints.fairLiveBet, async ({ body }) => ({
    data: await tables.bet(body.token, body.table, body.round_number, body.spot, body.stake),
    message: 'Bet placed',
  }));
  registerEndpoint(app, endpoints.fairLiveRound, async ({ body }) => ({
    data: await tables.round(body.table, body.round_number),
  }));
}
