import type { GlobalSettings } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { UPLOAD_IMAGE_PATH, endpoints } from './api-routes';
import { DEFAULT_GLOBAL_SETTINGS, asGlobalSettings } from './settings-shape';
import { readJson, storageKeys, writeJson } from './storage';
import { queryKeys } from '@/lib/query-keys';

/** Settings change rarely; a fresh copy every few minutes is plenty (the server caches them too). */
export const GLOBAL_SETTINGS_STALE_MS = 5 * 60_000;

/**
 * The copy kept from the last visit (storage key globalAdminData) so branding paints at once.
 * A stored copy that no longer matches the schema is ignored rather than trusted.
 */
export function readCachedGlobalSettings(): GlobalSettings | undefined {
  const stored = readJson<unknown>(localStorage, storageKeys.globalAdminData);
  return asGlobalSettings(stored);
}

function parseJsonOrNull(text: string | null | undefined): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Read once: the settings the server painted the page with (`#app-settings`, web-app.routes.ts). */
let paintedSettings: GlobalSettings | null | undefined;

/**
 * The settings the server wrote into the page it sent, so the first render already has the
 * operator's branding, logo and ticker (no defaults or host name first). Absent under the Vite
 * dev server, which sends the bare template.
 */
export function readPaintedSettings(): GlobalSettings | undefined {
  if (paintedSettings === undefined) {
    const text = document.getElementById('app-settings')?.textContent;
    paintedSettings = asGlobalSettings(parseJsonOrNull(text)) ?? null;
    if (paintedSettings) writeJson(localStorage, storageKeys.globalAdminData, paintedSettings);
  }
  return paintedSettings ?? undefined;
}

/** The best copy before any fetch: the page's own, else the one kept from the last visit. */
export function initialGlobalSettings(): GlobalSettings | undefined {
  return readPaintedSettings() ?? readCachedGlobalSettings();
}

export async function fetchGlobalSettings(): Promise<GlobalSettings> {
  const { data } = await callApi(endpoints.getGlobalSetting, {});
  writeJson(localStorage, storageKeys.globalAdminData, data);
  return data;
}

export const globalSettingsQuery = queryOptions({
  queryKey: queryKeys.globalSettings,
  queryFn: fetchGlobalSettings,
  staleTime: GLOBAL_SETTINGS_STALE_MS,
  // The page's own copy is as fresh as the page; a copy from the last visit paints at once but
  // counts as stale, so the server's copy replaces it.
  initialData: initialGlobalSettings,
  initialDataUpdatedAt: () => (readPaintedSettings() ? Date.now() : 0),
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
