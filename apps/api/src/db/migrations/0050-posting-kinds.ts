import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';

/**
 * The money front door (docs/wallet.md, "Account statement"):
 * - posting kinds are a closed list the database enforces: a lookup table, referenced by every
 *   ledger transaction (PostgreSQL: a foreign key; SQLite cannot add one to an existing table, so
 *   a trigger refuses the same rows). A later migration that adds a kind inserts its row.
 * - each transaction names the subject it belongs to (a market, a fancy line, a casino round),
 *   so the statement can fold a bet's holds, releases and result into one line.
 */
const KINDS_AT_0050 = [
  'demo_funding',
  'operator_credit',
  'operator_debit',
  'exposure_hold',
  'exposure_release',
  'bet_win',
  'bet_loss',
  'bet_settle_reversal',
  'bonus_grant',
  'bonus_release',
  'bonus_expiry',
  'casino_bet',
  'casino_win',
  'casino_rollback',
];

const BACKFILL_BATCH = 1_000;

/** The subject of a posting written before subjects existed, from its reference. */
function subjectOfReference(kind: string, reference: string): string | null {
  if (kind === 'exposure_hold' || kind === 'exposure_release') {
    // '{market key}:u{user}:v{version}', the market key being 'market:{id}' or 'fancy:{id}'.
    const at = reference.lastIndexOf(':u');
    return at > 0 ? reference.slice(0, at) : null;
  }
  if (kind === 'bet_win' || kind === 'bet_loss' || kind === 'bet_settle_reversal') {
    // '(re)settle:{M|F}:{id}:{no}:u{user}'
    const match = /^(?:re)?settle:([MF]):(.+):\d+:u\d+$/.exec(reference);
    if (!match) return null;
    return `${match[1] === 'F' ? 'fancy' : 'market'}:${match[2]}`;
  }
  return null;
}

export function postingKindsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ledger_posting_kinds')
        .addColumn('kind', 'varchar(40)', (col) => col.primaryKey())
        .execute();
      await db
        .insertInto('ledger_posting_kinds' as never)
        .values(KINDS_AT_0050.map((kind) => ({ kind })) as never)
        .execute();
      if (dialect === 'postgres') {
        await sql`alter table ledger_transactions add constraint ledger_transactions_kind_fk foreign key (kind) references ledger_posting_kinds (kind)`.execute(
          db,
        );
      } else {
        for (const event of ['insert', 'update of kind']) {
          const name = `ledger_transactions_kind_${event === 'insert' ? 'insert' : 'update'}_ck`;
          await sql
            .raw(
              `create trigger ${name} before ${event} on ledger_transactions
               when not exists (select 1 from ledger_posting_kinds where kind = new.kind)
               begin select raise(abort, 'unknown ledger posting kind'); end`,
            )
            .execute(db);
        }
      }

      await db.schema.alterTable('ledger_transactions').addColumn('subject', 'varchar(160)').execute();
      // Rows written before: bets' subjects from their references, casino rounds from their rows.
      for (let afterId = 0; ;) {
        const rows = await sql<{ id: number; kind: string; reference: string }>`
          select id, kind, reference from ledger_transactions
          where id > ${afterId} and kind in ('exposure_hold', 'exposure_release', 'bet_win', 'bet_loss', 'bet_settle_reversal')
          order by id limit ${BACKFILL_BATCH}`.execute(db);
        for (const row of rows.rows) {
          const subject = subjectOfReference(row.kind, row.reference);
          if (subject) await sql`update ledger_transactions set subject = ${subject} where id = ${row.id}`.execute(db);
        }
        const last = rows.rows.at(-1);
        if (!last || rows.rows.length < BACKFILL_BATCH) break;
        afterId = Number(last.id);
      }
      await sql`
        update ledger_transactions set subject = (
          select 'casino:' || p.code || ':' || c.round
          from casino_transactions c join casino_providers p on p.id = c.provider_id
          where c.ledger_transaction_id = ledger_transactions.id
        )
        where kind in ('casino_bet', 'casino_win', 'casino_rollback')`.execute(db);
    },
  };
}
