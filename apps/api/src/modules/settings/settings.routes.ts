import { endpoints } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { dataFromCopy, registerEndpoint } from '../../plugins/contract';
import type { SettingsService } from './settings.service';

export function registerSettingsRoutes(app: FastifyInstance, settings: SettingsService): void {
  registerEndpoint(app, endpoints.getGlobalSetting, () => dataFromCopy(settings.settingsCopy(), settings.getSettings));
}
