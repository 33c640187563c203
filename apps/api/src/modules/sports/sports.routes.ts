import { endpoints } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import type { SportsService } from './sports.service';

export function registerSportsRoutes(app: FastifyInstance, sports: SportsService): void {
  registerEndpoint(app, endpoints.getSports, async () => ({ data: await sports.getSports() }));
}
