import { SETTING_KEYS } from '@app/shared';
import { type AdminCommand, UsageError } from '../../cli/command';
import { createSettingsService } from './settings.service';

export const settingsCommands: AdminCommand[] = [
  {
    name: 'settings get',
    usage: 'settings get [KEY]',
    async run({ database, clock, positionals, print }) {
      const settings = await createSettingsService(database.db, clock).getSettings();
      const [key] = positionals;
      if (key !== undefined) {
        if (!(SETTING_KEYS as string[]).includes(key)) throw new UsageError(`Unknown setting "${key}"`);
        print(settings[key as keyof typeof settings]);
        return;
      }
      for (const name of SETTING_KEYS) print(`${name}=${settings[name]}`);
    },
  },
  {
    name: 'settings set',
    usage: 'settings set KEY VALUE',
    async run({ database, clock, positionals, print }) {
      const [key, value] = positionals;
      if (key === undefined || value === undefined) throw new UsageError('give a KEY and a VALUE');
      await createSettingsService(database.db, clock).setSetting(key, value);
      print(`${key}=${value}`);
    },
  },
];
