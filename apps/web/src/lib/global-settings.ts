import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings, UPLOAD_IMAGE_PATH, endpoints, globalSettingsSchema } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { readJson, storageKeys, writeJson } from './storage';

/** Settings change rarely; a fresh copy every few minutes is plenty (the server caches them too). */
export const GLOBAL_SETTINGS_STALE_MS = 5 * 60_000;

/**
 * The copy kept from the last visit (storage key globalAdminData) so branding paints at once.
 * A stored copy that no longer matches the schema is ignored rather than trusted.
 */
export function readCachedGlobalSettings(): GlobalSettings | undefined {
  const stored = readJson<unknown>(localStorage, storageKeys.globalAdminData);
  const parsed = globalSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}

export async function fetchGlobalSettings(): Promise<GlobalSettings> {
  const { data } = await callApi(endpoints.getGlobalSetting, {});
  writeJson(localStorage, storageKeys.globalAdminData, data);
  return data;
}

export const globalSettingsQuery = queryOptions({
  queryKey: ['globalSetting', 'getGlobalSetting'] as const,
  queryFn: fetchGlobalSettings,
  staleTime: GLOBAL_SETTINGS_STALE_MS,
  // Paint with the stored copy, but treat it as stale so the server's copy replaces it at once.
  initialData: readCachedGlobalSettings,
  initialDataUpdatedAt: 0,
});

/** `GET globalSetting/getGlobalSetting`: data is the stored copy (if any) until the server answers. */
export function useGlobalSettings() {
  return useQuery(globalSettingsQuery);
}

/** The settings to render with: the server's, else the stored copy, else the defaults. */
export function useSettingsOrDefaults(): GlobalSettings {
  return useGlobalSettings().data ?? DEFAULT_GLOBAL_SETTINGS;
}

/** Address of an operator-uploaded image (logo, favicon, welcome banner), or null when unset. */
export function uploadImageUrl(fileName: string): string | null {
  return fileName ? `/api/${UPLOAD_IMAGE_PATH}/${encodeURIComponent(fileName)}` : null;
}
