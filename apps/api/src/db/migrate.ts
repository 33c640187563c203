import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DatabaseHandle, DialectName } from './database';
import { platformMigration } from './migrations/0001-platform';
import { accountsMigration } from './migrations/0002-accounts';
import { walletMigration } from './migrations/0003-wallet';
import { loginThrottleMigration } from './migrations/0004-login-throttle';
import { userChangesMigration } from './migrations/0005-user-changes';
import { moneyCoreMigration } from './migrations/0006-money-core';
import { uniqueEmailMigration } from './migrations/0010-unique-email';
import { sportsFeedMigration } from './migrations/0020-sports-feed';
import { casinoMigration } from './migrations/0030-casino';
import { fairGamesMigration } from './migrations/0031-fair-games';
import { betsMigration } from './migrations/0040-bets';
import { fairSeedCommitmentsMigration } from './migrations/0070-fair-seed-commitments';
import { crashChainsMigration } from './migrations/0071-crash-chains';
import { postingKindsMigration } from './migrations/0050-posting-kinds';
import { responsiblePlayMigration } from './migrations/0051-responsible-play';
import { betPositionsMigration } from './migrations/0080-bet-positions';
import { oneChangeNoticeMigration } from './migrations/0081-one-change-notice';
import { racingMigration } from './migrations/0090-racing';
import { paymentsMigration } from './migrations/0110-payments';
import { cashOutCorrectionsMigration } from './migrations/0140-cash-out-corrections';
import { liveTablesMigration } from './migrations/0150-live-tables';
import { operatorsMigration } from './migrations/0160-operators';
import { casinoConsoleMigration } from './migrations/0161-casino-console';
import { hardeningConsoleMigration } from './migrations/0170-hardening-console';
import { oneWithdrawalRequestMigration } from './migrations/0175-one-withdrawal-request';
import { betfairFeedMigration } from './migrations/0180-betfair-feed';
import { betSettledOddsMigration } from './migrations/0181-bet-settled-odds';
import { roundChainsMigration } from './migrations/0190-round-chains';
import { signUpConfirmationMigration } from './migrations/0200-sign-up-confirmation';
import { playerNoticesMigration } from './migrations/0201-player-notices';
import { openBetsByMatchMigration } from './migrations/0220-open-bets-by-match';
import { auditSubjectMigration } from './migrations/0221-audit-subject';
import { settledTargetsMigration } from './migrations/0222-settled-targets';

/**
 * Every migration in order. Each is written once and works on both dialects. A new one is named
 * after every migration already released (work done in parallel is renumbered when it lands).
 */
function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-platform': platformMigration(dialect),
    '0002-accounts': accountsMigration(dialect),
    '0003-wallet': walletMigration(dialect),
    '0004-login-throttle': loginThrottleMigration(),
    '0005-user-changes': userChangesMigration(dialect),
    '0006-money-core': moneyCoreMigration(dialect),
    '0010-unique-email': uniqueEmailMigration(),
    '0020-sports-feed': sportsFeedMigration(dialect),
    '0030-casino': casinoMigration(dialect),
    '0031-fair-games': fairGamesMigration(dialect),
    '0040-bets': betsMigration(dialect),
    '0070-fair-seed-commitments': fairSeedCommitmentsMigration(),
    '0071-crash-chains': crashChainsMigration(dialect),
    '0050-posting-kinds': postingKindsMigration(dialect),
    '0051-responsible-play': responsiblePlayMigration(dialect),
    '0080-bet-positions': betPositionsMigration(),
    '0081-one-change-notice': oneChangeNoticeMigration(dialect),
    '0090-racing': racingMigration(),
    '0110-payments': paymentsMigration(dialect),
    '0140-cash-out-corrections': cashOutCorrectionsMigration(),
    '0150-live-tables': liveTablesMigration(dialect),
    '0160-operators': operatorsMigration(dialect),
    '0161-casino-console': casinoConsoleMigration(),
    '0170-hardening-console': hardeningConsoleMigration(dialect),
    '0175-one-withdrawal-request': oneWithdrawalRequestMigration(),
    '0180-betfair-feed': betfairFeedMigration(),
    '0181-bet-settled-odds': betSettledOddsMigration(),
    '0190-round-chains': roundChainsMigration(dialect),
    '0200-sign-up-confirmation': signUpConfirmationMigration(),
    '0201-player-notices': playerNoticesMigration(dialect),
    '0220-open-bets-by-match': openBetsByMatchMigration(),
    '0221-audit-subject': auditSubjectMigration(),
    '0222-settled-targets': settledTargetsMigration(),
  };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  await runMigrations(handle, migrationsFor(handle.dialect));
}

/**
 * Runs the migrations named up to `last` (included) that the database lacks: a database as an
 * older release left it, for the tests of a migration on rows written before it.
 */
export async function migrateUpTo(handle: DatabaseHandle, last: string): Promise<void> {
  const all = migrationsFor(handle.dialect);
  if (!(last in all)) throw new Error(`No migration is named ${last}`);
  await runMigrations(handle, Object.fromEntries(Object.entries(all).filter(([name]) => name <= last)));
}

/**
 * Each migration whole or not at all. Kysely runs a PostgreSQL migration in a transaction, but a
 * SQLite one statement by statement, since it takes SQLite for a database without transactional
 * DDL: one stopped part-way (a failed step, a crash, a restart during a deploy) left its first
 * steps done and unrecorded, and every later start failed on them (0170 rebuilds the deposits
 * table: a crash between its drop and its rename left the orders under a temporary name). SQLite's
 * DDL is transactional: the migration runs in one.
 */
function wholeOrNotAtAll(dialect: DialectName, migrations: Record<string, Migration>): Record<string, Migration> {
  if (dialect === 'postgres') return migrations;
  return Object.fromEntries(
    Object.entries(migrations).map(([name, migration]) => [
      name,
      {
        ...migration,
        // eslint-disable-next-line no-restricted-syntax -- a migration's own transaction, on the migrator's connection, before any unit of work
        up: (db) => db.transaction().execute((trx) => migration.up(trx)),
      },
    ]),
  );
}

async function runMigrations(handle: DatabaseHandle, all: Record<string, Migration>): Promise<void> {
  const migrations = wholeOrNotAtAll(handle.dialect, all);
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  // Kysely looks for its own tables in every schema it can see: name ours, or a database holding
  // several schemas (the PostgreSQL tests run in parallel) may find another's and skip creating them.
  const schema =
    handle.dialect === 'postgres'
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(handle.db)).rows[0]?.name
      : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider,
    // Work done in parallel can land a migration named before one a database has already run:
    // it still runs the one it lacks. Every migration stands on its own tables.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * The migrations this code knows that the database has not applied (empty: current). One cheap
 * read of Kysely's table, without the migrator's introspection; a database that a newer release
 * migrated further is current for this code too.
 */
export async function missingMigrations(handle: DatabaseHandle): Promise<string[]> {
  const known = Object.keys(migrationsFor(handle.dialect));
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(handle.db);
  const applied = new Set(rows.map((row) => row.name));
  return known.filter((name) => !applied.has(name));
}
