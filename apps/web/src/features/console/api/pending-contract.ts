import { defineEndpoint } from '@app/shared';
import { z } from 'zod';

/**
 * TEMPORARY: the console calls the issue names, until packages/shared/src/api/admin.ts lands
 * (branch wt-console-api); replaced by the contract's own on merge.
 */
export const adminLogin = defineEndpoint({
  method: 'POST',
  path: 'admin/login',
  auth: 'public',
  request: z.strictObject({ user_name: z.string(), password: z.string(), totp: z.string() }),
  data: z.object({ token: z.string(), role: z.string() }),
});

export const adminLogout = defineEndpoint({
  method: 'POST',
  path: 'admin/logout',
  auth: 'public',
  request: z.strictObject({}),
  data: z.object({}),
});

export const adminSetSetting = defineEndpoint({
  method: 'POST',
  path: 'admin/setSetting',
  auth: 'public',
  request: z.strictObject({ key: z.string(), value: z.string() }),
  data: z.object({}),
});

export const adminUploadImage = defineEndpoint({
  method: 'POST',
  path: 'admin/uploadImage',
  auth: 'public',
  request: z.unknown(),
  data: z.object({ name: z.string() }),
});
