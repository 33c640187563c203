import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DatabaseHandle, DialectName } from './database';
import { platformMigration } from './migrations/0001-platform';
import { accountsMigration } from './migrations/0002-accounts';
import { walletMigration } from './migrations/0003-wallet';

/** Every migration in order. Each is written once and works on both dialects. */
function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-platform': platformMigration(dialect),
    '0002-accounts': accountsMigration(dialect),
    '0003-wallet': walletMigration(dialect),
  };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(handle.dialect) };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
