import {
  DEFAULT_GLOBAL_SETTINGS,
  DEFAULT_OPERATOR_SETTINGS,
  OPERATOR_SETTING_KEYS,
  type OperatorSettingKey,
  type OperatorSettings,
  operatorSettingValueSchemas,
  type GlobalSettings,
  SETTING_KEYS,
  type SettingKey,
  settingsConflict,
  settingValueSchemas,
} from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { listSettingRows, upsertSetting } from './settings.repository';

/**
 * Settings change rarely and are read on every page load, so each API instance keeps them for a
 * short while. An operator's change shows on every instance within this time.
 */
export const SETTINGS_CACHE_MS = 2_000;

export interface SettingsService {
  getSettings(): Promise<GlobalSettings>;
  /** The settings kept in memory, while they are fresh. */
  settingsCopy(): GlobalSettings | undefined;
  setSetting(key: string, value: string): Promise<GlobalSettings>;
  /** Operators' own settings (four_eyes_amount), never sent to the site; read fresh. */
  getOperatorSettings(): Promise<OperatorSettings>;
}

export function isSettingKey(key: string): key is SettingKey {
  return (SETTING_KEYS as string[]).includes(key);
}

export function isOperatorSettingKey(key: string): key is OperatorSettingKey {
  return (OPERATOR_SETTING_KEYS as string[]).includes(key);
}

export function createSettingsService(db: Db, clock: Clock): SettingsService {
  let cached: { settings: GlobalSettings; expiresAt: number } | null = null;

  async function load(): Promise<GlobalSettings> {
    const rows = await listSettingRows(db);
    const settings: GlobalSettings = { ...DEFAULT_GLOBAL_SETTINGS };
    for (const row of rows) {
      // A stored value that no longer passes its rule falls back to the default.
      if (isSettingKey(row.key) && settingValueSchemas[row.key].safeParse(row.value).success) {
        (settings as Record<SettingKey, string>)[row.key] = row.value;
      }
    }
    return settings;
  }

  const copy = () => (cached && cached.expiresAt > clock.now() ? cached.settings : undefined);

  return {
    settingsCopy: copy,

    async getSettings() {
      const kept = copy();
      if (kept) return kept;
      const now = clock.now();
      const settings = await load();
      cached = { settings, expiresAt: now + SETTINGS_CACHE_MS };
      return settings;
    },

    async getOperatorSettings() {
      const settings: OperatorSettings = { ...DEFAULT_OPERATOR_SETTINGS };
      for (const row of await listSettingRows(db)) {
        if (isOperatorSettingKey(row.key) && operatorSettingValueSchemas[row.key].safeParse(row.value).success) {
          settings[row.key] = row.value;
        }
      }
      return settings;
    },

    async setSetting(key, value) {
      if (isOperatorSettingKey(key)) {
        const parsed = operatorSettingValueSchemas[key].safeParse(value);
        if (!parsed.success) throw new AppError('BAD_REQUEST', `${key} ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
        await upsertSetting(db, key, parsed.data, clock.now());
        return load();
      }
      if (!isSettingKey(key)) {
        const known = [...SETTING_KEYS, ...OPERATOR_SETTING_KEYS].join(', ');
        throw new AppError('BAD_REQUEST', `Unknown setting "${key}". Known settings: ${known}`);
      }
      const parsed = settingValueSchemas[key].safeParse(value);
      if (!parsed.success) {
        throw new AppError('BAD_REQUEST', `${key} ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
      }
      // Keys that must agree with each other (the deposit range) are checked together.
      const conflict = settingsConflict({ ...(await load()), [key]: parsed.data });
      if (conflict) throw new AppError('BAD_REQUEST', conflict);
      await upsertSetting(db, key, parsed.data, clock.now());
      cached = null;
      return load();
    },
  };
}
