import { endpoints } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import { currentUserId } from '../../plugins/auth';
import type { ButtonsService } from './buttons.service';

export function registerButtonsRoutes(app: FastifyInstance, buttons: ButtonsService): void {
  registerEndpoint(app, endpoints.getButtonValue, async ({ request }) => ({
    data: JSON.stringify(await buttons.getButtons(currentUserId(request))),
  }));
  registerEndpoint(app, endpoints.setButtonValue, async ({ body, request }) => ({
    data: JSON.stringify(await buttons.setButtons(currentUserId(request), body)),
    message: 'Button values saved',
  }));
}
