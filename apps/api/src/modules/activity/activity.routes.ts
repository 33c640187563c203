import { endpoints } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { registerEndpoint } from '../../plugins/contract';
import { listActivity } from './activity.service';

export function registerActivityRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, endpoints.getActivityLog, async ({ body, request }) => ({
    data: await listActivity(db, request.user.userId, body),
  }));
}
