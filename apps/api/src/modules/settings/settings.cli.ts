import { OPERATOR_SETTING_KEYS, SETTING_KEYS } from '@app/shared';
import { type AdminCommand, UsageError } from '../../plugins/admin-command';
import { createSettingsService, isOperatorSettingKey } from './settings.service';

export const settingsCommands: AdminCommand[] = [
  {
    name: 'settings get',
    usage: 'settings get [KEY]',
    async run({ database, clock, positionals, print }) {
      const service = createSettingsService(database.db, clock);
      const settings = await service.getSettings();
      const operatorSettings = await service.getOperatorSettings();
      const [key] = positionals;
      if (key !== undefined && isOperatorSettingKey(key)) return print(operatorSettings[key]);
      if (key !== undefined) {
        if (!(SETTING_KEYS as string[]).includes(key)) throw new UsageError(`Unknown setting "${key}"`);
        print(settings[key as keyof typeof settings]);
        return;
      }
      for (const name of SETTING_KEYS) print(`${name}=${settings[name]}`);
      for (const name of OPERATOR_SETTING_KEYS) print(`${name}=${operatorSettings[name]}`);
    },
  },
  {
    name: 'settings set',
    usage: 'settings set KEY VALUE',
    async run({ database, clock, positionals, print, audit }) {
      const [key, value] = positionals;
      if (key === undefined || value === undefined) throw new UsageError('give a KEY and a VALUE');
      const service = createSettingsService(database.db, clock);
      const all = { ...(await service.getSettings()), ...(await service.getOperatorSettings()) };
      const before = (all as Record<string, string>)[key];
      await service.setSetting(key, value);
      print(`${key}=${value}`);
      audit({ target: `setting:${key}`, before: { [key]: before }, after: { [key]: value } });
    },
  },
];
