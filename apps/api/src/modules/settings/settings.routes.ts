import { endpoints } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import type { SettingsService } from './settings.service';

export function registerSettingsRoutes(app: FastifyInstance, settings: SettingsService): void {
  registerEndpoint(app, endpoints.getGlobalSetting, async () => ({ data: await settings.getSettings() }));
}
