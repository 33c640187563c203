import { type AdminCommand, parseWholeNumber, requireOption, UsageError } from '../../plugins/admin-command';
import { createSportsService } from './sports.service';

export const sportsCommands: AdminCommand[] = [
  {
    name: 'sports list',
    usage: 'sports list',
    async run({ database, clock, print }) {
      for (const sport of await createSportsService(database.db, clock).getSports()) {
        print(`${sport.sport_id}\t${sport.is_active === '1' ? 'active' : 'inactive'}\t${sport.name}`);
      }
    },
  },
  {
    name: 'sports set-active',
    usage: 'sports set-active --id ID --active 1|0',
    options: ['id', 'active'],
    async run(context) {
      const sportId = parseWholeNumber(requireOption(context, 'id'), '--id');
      const active = requireOption(context, 'active');
      if (active !== '1' && active !== '0') throw new UsageError('--active must be 1 or 0');
      await createSportsService(context.database.db, context.clock).setSportActive(sportId, active === '1');
      context.print(`sport ${sportId} is now ${active === '1' ? 'active' : 'inactive'}`);
    },
  },
];
