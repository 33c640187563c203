import type { Kysely, Migration } from 'kysely';

/**
 * The age (18+) and terms confirmation of sign-up (docs/accounts.md "Sign-up, demo and
 * referral"): when the player confirmed, and which terms. Both nullable: accounts made before, by
 * an operator, in demo play, or by a caller that did not send the confirmation have none.
 */
export function signUpConfirmationMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('age_terms_confirmed_at', 'bigint').execute();
      await db.schema.alterTable('users').addColumn('terms_version', 'varchar(20)').execute();
    },
  };
}
