import { type AdminCommand, type CommandContext, parseWholeNumber, requireOption, UsageError } from '../../plugins/admin-command';
import { createMarketsAdmin, type SuspendTarget } from './markets-admin.service';

function targetOf(context: CommandContext): SuspendTarget {
  const market = context.options.market;
  const fancy = context.options.fancy;
  if ((market ? 1 : 0) + (fancy ? 1 : 0) !== 1) throw new UsageError('give exactly one of --market ID or --fancy ID');
  if (market) {
    if (!/^[0-9.]{1,40}$/.test(market)) throw new UsageError('--market must be a market id such as 1.1234501 or 99911234');
    return { marketId: market };
  }
  return { fancyId: parseWholeNumber(fancy ?? '', '--fancy') };
}

function activeFlag(context: CommandContext): boolean {
  const active = requireOption(context, 'active');
  if (active !== '1' && active !== '0') throw new UsageError('--active must be 1 or 0');
  return active === '1';
}

export const marketCommands: AdminCommand[] = [
  {
    name: 'sports fixtures',
    usage: 'sports fixtures [--sport ID] [--limit N]',
    options: ['sport', 'limit'],
    async run(context) {
      const sport = context.options.sport;
      const limit = context.options.limit ? parseWholeNumber(context.options.limit, '--limit') : 50;
      const rows = await createMarketsAdmin(context.database.db, context.clock).listFixtures(
        sport ? parseWholeNumber(sport, '--sport') : undefined,
        Math.min(Math.max(limit, 1), 1000),
      );
      for (const row of rows) {
        const shown = row.is_active === 1 && row.series_active === 1 ? 'shown' : 'hidden';
        context.print(
          `${row.match_id}\t${new Date(row.start_time).toISOString()}\tsport ${row.sport_id}\tseries ${row.series_id} ${row.series_name}\t${shown}\t${row.name}`,
        );
      }
      if (rows.length === 0) context.print('no fixtures');
    },
  },
  {
    name: 'sports suspend',
    usage: 'sports suspend --market ID | --fancy ID',
    options: ['market', 'fancy'],
    async run(context) {
      const label = await createMarketsAdmin(context.database.db, context.clock).suspend(targetOf(context));
      context.print(`${label} is suspended`);
    },
  },
  {
    name: 'sports resume',
    usage: 'sports resume --market ID | --fancy ID',
    options: ['market', 'fancy'],
    async run(context) {
      const label = await createMarketsAdmin(context.database.db, context.clock).resume(targetOf(context));
      context.print(`${label} is open again (the feed's own status applies)`);
    },
  },
  {
    name: 'sports series-active',
    usage: 'sports series-active --id ID --active 1|0',
    options: ['id', 'active'],
    async run(context) {
      const id = parseWholeNumber(requireOption(context, 'id'), '--id');
      const isActive = activeFlag(context);
      await createMarketsAdmin(context.database.db, context.clock).setSeriesActive(id, isActive);
      context.print(`series ${id} is now ${isActive ? 'shown' : 'hidden'}`);
    },
  },
  {
    name: 'sports match-active',
    usage: 'sports match-active --id ID --active 1|0',
    options: ['id', 'active'],
    async run(context) {
      const id = parseWholeNumber(requireOption(context, 'id'), '--id');
      const isActive = activeFlag(context);
      await createMarketsAdmin(context.database.db, context.clock).setMatchActive(id, isActive);
      context.print(`match ${id} is now ${isActive ? 'shown' : 'hidden'}`);
    },
  },
];
