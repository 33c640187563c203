import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config/paths';
import { AppError } from '../lib/app-error';
import { type AdminCommand, UsageError } from '../plugins/admin-command';

/** Operator commands on the database itself (docs/deploy.md "Backups"). */
export const dbCommands: AdminCommand[] = [
  {
    name: 'db backup',
    usage: 'db backup FILE   (SQLite: a consistent copy while the site runs; a relative FILE is from the repository root)',
    async run({ database, positionals, print }) {
      const [target, extra] = positionals;
      if (!target || extra !== undefined) throw new UsageError('give the one FILE to write the backup to');
      if (!database.backup) {
        throw new AppError('REFUSED', 'db backup copies an SQLite database; for PostgreSQL use pg_dump (docs/deploy.md)');
      }
      const file = path.resolve(REPO_ROOT, target);
      mkdirSync(path.dirname(file), { recursive: true });
      try {
        const { pages } = await database.backup(file);
        print(`backup written: ${file} (${pages} pages)`);
      } catch (error) {
        throw new AppError('REFUSED', `backup failed: ${(error as Error).message}`);
      }
    },
  },
];
