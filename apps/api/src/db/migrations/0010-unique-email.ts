import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Emails name one account, whatever their case (docs/accounts.md): login accepts an email, so a second
 * account with the same address (upper-cased) made the first one's login by email fail.
 * Existing rows are lower-cased; where two accounts share an address, the oldest keeps it (emails
 * are not verified, so the later claim has no better right to it) and the others lose it.
 */
export function uniqueEmailMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`update users set email = lower(trim(email)) where email is not null`.execute(db);
      await sql`update users set email = null where email = ''`.execute(db);
      await sql`update users set email = null where id in (
        select later.id from users later join users earlier on earlier.email = later.email and earlier.id < later.id
      )`.execute(db);
      await db.schema
        .createIndex('users_email_lower_key')
        .on('users')
        .expression(sql`lower(email)`)
        .unique()
        .execute();
    },
  };
}
