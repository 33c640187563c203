import {
  adminEndpoints as api,
  DEFAULT_GLOBAL_SETTINGS,
  DEFAULT_OPERATOR_SETTINGS,
  OPERATOR_SETTING_KEYS,
  SETTING_KEYS,
  UPLOAD_IMAGE_PATH,
} from '@app/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import type { ConsoleDeps } from './console-deps';
import { actorOf } from './console-support';

const MAX_BRANDING_IMAGE_BYTES = 2 * 1024 * 1024;

/** The site's and the operator's settings, and the branding images they name (docs/operators.md). */
export function registerConsoleSettingsRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const { operators, settings, images } = deps;

  registerEndpoint(app, api.adminSettings, async () => {
    const current = await settings.getSettings();
    const own = await settings.getOperatorSettings();
    return {
      data: {
        rows: [
          ...SETTING_KEYS.map((key) => ({ key, value: current[key], default_value: DEFAULT_GLOBAL_SETTINGS[key] })),
          ...OPERATOR_SETTING_KEYS.map((key) => ({ key, value: own[key], default_value: DEFAULT_OPERATOR_SETTINGS[key] })),
        ],
      },
    };
  });

  async function setSetting(key: string, value: string, actor: ReturnType<typeof actorOf>) {
    const before = { ...(await settings.getSettings()), ...(await settings.getOperatorSettings()) } as Record<string, string>;
    await settings.setSetting(key, value);
    await operators.audit.record(actor, {
      action: 'settings.set',
      target: `setting:${key}`,
      before: { [key]: before[key] },
      after: { [key]: value },
    });
  }

  registerEndpoint(app, api.adminSetSetting, async ({ body, request }) => {
    await setSetting(body.key, body.value, actorOf(request));
    return { data: { key: body.key, value: body.value }, message: 'Saved' };
  });

  // The branding image is a multipart form: only this scope reads one.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: MAX_BRANDING_IMAGE_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 100, headerPairs: 50 },
    });
    registerEndpoint(scope, api.adminUploadImage, async ({ body, request }) => {
      const name = await images.storeImageBytes(body.image);
      await setSetting(body.key, name, actorOf(request));
      return { data: { key: body.key, value: name, url: `/api/${UPLOAD_IMAGE_PATH}/${name}` }, message: 'Saved' };
    });
  });
}
