import { endpoints } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { dataFromCopy, registerEndpoint } from '../../plugins/contract';
import type { SportsService } from './sports.service';

export function registerSportsRoutes(app: FastifyInstance, sports: SportsService): void {
  registerEndpoint(app, endpoints.getSports, () => dataFromCopy(sports.sportsCopy(), sports.getSports));
}
