import { readFile } from 'node:fs/promises';
import { type AdminCommand, type CommandContext, requireOption, UsageError } from '../../plugins/admin-command';
import { createMoneyModule } from '../money';
import { GAME_CATEGORIES } from './casino.table';
import { createCasinoService } from './casino.service';

function casinoOf(context: CommandContext) {
  const { db } = context.database;
  return createCasinoService(db, context.clock, createMoneyModule({ db, clock: context.clock }).money, context.config);
}

export const casinoCommands: AdminCommand[] = [
  {
    name: 'casino provider add',
    usage:
      'casino provider add --code C --name N --public-key FILE --launch-url TEMPLATE   (TEMPLATE holds {game_code}, {token}, {lang})',
    options: ['code', 'name', 'public-key', 'launch-url'],
    async run(context) {
      const casino = casinoOf(context);
      const file = requireOption(context, 'public-key');
      let pem: string;
      try {
        pem = await readFile(file, 'utf8');
      } catch {
        throw new UsageError(`cannot read the public key file ${file}`);
      }
      const code = requireOption(context, 'code');
      const { isNew } = await casino.registerProvider({
        code,
        name: requireOption(context, 'name'),
        publicKeyPem: pem,
        launchUrl: requireOption(context, 'launch-url'),
      });
      context.print(`${isNew ? 'added' : 'updated'} provider ${code}`);
    },
  },
  {
    name: 'casino game add',
    usage: `casino game add --provider C --code G --name N --category ${GAME_CATEGORIES.join('|')}`,
    options: ['provider', 'code', 'name', 'category'],
    async run(context) {
      const casino = casinoOf(context);
      const code = requireOption(context, 'code');
      await casino.addGame({
        providerCode: requireOption(context, 'provider'),
        code,
        name: requireOption(context, 'name'),
        category: requireOption(context, 'category'),
      });
      context.print(`added game ${code}`);
    },
  },
];
