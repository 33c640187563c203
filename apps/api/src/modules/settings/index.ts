/** The settings module's public face. */
export { createSettingsModule, type SettingsModule } from './settings.module';
export { createSettingsService, SETTINGS_CACHE_MS, type SettingsService } from './settings.service';
export { insertMissingSettings, listSettingRows } from './settings.repository';
export { settingsCommands } from './settings.cli';
