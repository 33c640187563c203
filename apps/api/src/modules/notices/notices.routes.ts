import { endpoints } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { currentUserId } from '../../plugins/auth';
import { registerEndpoint } from '../../plugins/contract';
import type { NoticesService } from './notices.service';

export function registerNoticesRoutes(app: FastifyInstance, notices: NoticesService): void {
  registerEndpoint(app, endpoints.noticeList, async ({ request }) => ({ data: await notices.list(currentUserId(request)) }));
  registerEndpoint(app, endpoints.noticeMarkRead, async ({ body, request }) => ({
    data: await notices.markRead(currentUserId(request), body.ids ?? null),
  }));
}
