import { parseArgs } from 'node:util';
import type { AppConfig } from '../config/env';
import type { Db } from '../db/database';
import { findIdempotencyKey, storeIdempotentAnswer } from '../db/idempotency.repository';
import type { IdempotencyClaim } from '../db/unit-of-work';
import { AppError } from '../lib/app-error';
import { type Clock, systemClock } from '../lib/clock';
import { sha256Hex } from '../lib/ids';
import { createAuditLog, createOperatorsService } from '../modules/operators';
import { canonicalJson, IDEMPOTENCY_KEY_PATTERN } from '../plugins/idempotency';
import { prepareDatabase } from '../startup';
import { type AdminCommand, type AuditDetails, UsageError } from '../plugins/admin-command';
import { adminCommands } from './commands';

export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

/** `--as NAME` or `--as=NAME`, wherever it stands, and the arguments without it. */
function takeAsOption(args: string[]): { argv: string[]; asName: string | undefined } {
  const argv: string[] = [];
  let asName: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--as' && index + 1 < args.length) asName = args[++index];
    else if (arg.startsWith('--as=')) asName = arg.slice(5);
    else argv.push(arg);
  }
  return { argv, asName };
}

/** Commands that only read: not operator acts, so not audited. */
const READ_ONLY_VERBS = new Set(['get', 'list', 'balance', 'show', 'fixtures', 'verify']);

function isReadOnly(commandName: string): boolean {
  return READ_ONLY_VERBS.has(commandName.split(' ').at(-1) ?? '');
}

/** What a CLI act was about, from its options: a player, a market, a withdrawal… */
function targetOf(options: Record<string, string | undefined>, positionals: string[]): string {
  for (const key of ['name', 'market', 'fancy', 'id', 'provider', 'game']) {
    if (options[key] !== undefined) return `${key}:${options[key]}`;
  }
  return positionals.length > 0 ? String(positionals[0]) : '';
}

function withoutSecrets(options: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(options).map(([key, value]) => [key, /password|secret/i.test(key) ? '***' : value]));
}

function withoutSecretLines(lines: string[]): string[] {
  return lines.map((line) => (/secret|otpauth:/i.test(line) ? '(secret not kept)' : line));
}

/**
 * `--key K` of a command that moves money, as the console's Idempotency-Key (docs/operators.md,
 * "Exactly once"): the operator's own (their id negated, like the console's keys), for this command
 * and these options (the key itself aside).
 */
function keyClaimOf(
  command: AdminCommand,
  operatorId: number,
  options: Record<string, string | undefined>,
): IdempotencyClaim | null {
  const { key, ...rest } = options;
  if (key === undefined) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new UsageError('--key must be 1 to 200 visible ASCII characters');
  const route = `CLI ${command.name}`;
  return { userId: -operatorId, key, route, requestHash: sha256Hex(`${route}\n${canonicalJson(rest)}`) };
}

/** The refusal an earlier run of the same key and options was given, if it was refused. */
async function earlierRefusal(db: Db, claim: IdempotencyClaim): Promise<string | undefined> {
  const earlier = await findIdempotencyKey(db, claim.userId, claim.key);
  if (!earlier) return undefined;
  if (earlier.route !== claim.route || earlier.request_hash !== claim.requestHash) {
    throw new AppError('CONFLICT', `--key ${claim.key} was already used for another command or other options`);
  }
  if (earlier.state !== 'answer') return undefined;
  return (JSON.parse(earlier.response_body ?? '{}') as { message?: string }).message ?? 'refused';
}

/** Refusals kept under a key, as the console keeps them: the act ran and said no. */
const isReplayableRefusal = (status: number) => status >= 400 && status < 500 && ![401, 403, 429].includes(status);

/** Test-only hooks into a command's run. */
export interface AdminTestHooks {
  /** Inside a money command's transaction, after its money moved and before its audit row. */
  beforeAuditWithin?(): void | Promise<void>;
}

function usage(): string {
  return [
    'usage: npm run admin -- <command> [--as OPERATOR]   (acts as that operator, by default the system operator; audited)',
    ...adminCommands.map((command) => `  ${command.usage}`),
  ].join('\n');
}

/** Runs one operator command on the configured database; resolves to the exit code. */
export async function runAdmin(
  allArgs: string[],
  config: AppConfig,
  io: AdminIo,
  clock: Clock = systemClock,
  testHooks: AdminTestHooks = {},
): Promise<number> {
  // `--as NAME` may stand anywhere, before the command's words too.
  const { argv, asName } = takeAsOption(allArgs);
  const command = adminCommands
    .filter((candidate) => candidate.name.split(' ').every((word, index) => argv[index] === word))
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!command) {
    io.err(argv.length ? `error: unknown command "${argv.join(' ')}"\n${usage()}` : usage());
    return 2;
  }
  // A command that moves money takes `--key K` (docs/operators.md, "The CLI as an operator").
  const optionNames = [...(command.options ?? []), ...(command.movesMoney ? ['key'] : [])];
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv.slice(command.name.split(' ').length),
      options: Object.fromEntries(optionNames.map((name) => [name, { type: 'string' as const }])),
      strict: false,
      allowPositionals: true,
    });
  } catch (error) {
    io.err(`error: ${(error as Error).message}`);
    return 2;
  }
  const unknownOption = Object.keys(parsed.values).find((name) => !optionNames.includes(name));
  if (unknownOption) {
    io.err(`error: unknown option --${unknownOption}\nusage: npm run admin -- ${command.usage}`);
    return 2;
  }
  const options = Object.fromEntries(
    Object.entries(parsed.values).map(([key, value]) => [key, typeof value === 'string' ? value : undefined]),
  );
  const database = await prepareDatabase(config, clock);
  let claim: IdempotencyClaim | null = null;
  try {
    const operator = await createOperatorsService(database.db, clock).actorForCli(
      typeof asName === 'string' ? asName : undefined,
    );
    const auditLog = createAuditLog(database.db, () => clock.now());
    const action = `cli.${command.name.replaceAll(' ', '.')}`;
    const playerName = command.playerOption ? options[command.playerOption] : undefined;
    const subjectOf = (entry: AuditDetails | undefined) =>
      entry?.subjectUserId !== undefined ? { userId: entry.subjectUserId } : playerName ? { userName: playerName } : undefined;
    claim = command.movesMoney ? keyClaimOf(command, operator.operatorId, options) : null;
    const refused = claim ? await earlierRefusal(database.db, claim) : undefined;
    if (claim && refused !== undefined) {
      io.err(`error: ${refused}`);
      io.err(`(--key ${claim.key} was refused before: this is its first answer again; nothing changed)`);
      return 1;
    }
    const printed: string[] = [];
    let audited: AuditDetails | undefined;
    let isAuditedWithin = false;
    await command.run({
      config,
      database,
      clock,
      options,
      positionals: parsed.positionals,
      print(line) {
        printed.push(line);
        io.out(line);
      },
      operator,
      audit(entry) {
        if (command.movesMoney)
          throw new Error(`${command.name} moves money: its audit row goes in its transaction (auditWithin)`);
        audited = entry;
      },
      async auditWithin(tx, entry) {
        await testHooks.beforeAuditWithin?.();
        await auditLog.record(
          operator,
          {
            action,
            target: entry.target ?? targetOf(options, parsed.positionals),
            before: entry.before,
            after: entry.after ?? { options: withoutSecrets(options), positionals: parsed.positionals },
            subject: subjectOf(entry),
          },
          tx,
        );
        isAuditedWithin = true;
      },
      idempotency: claim,
    });
    if (claim?.replayed) {
      // The act committed under this key before: its first answer again, and no second audit row.
      io.out(`(--key ${claim.key} was used before: this is its first answer again; nothing changed)`);
    } else if (command.movesMoney) {
      if (!isAuditedWithin) throw new Error(`${command.name} moved money without its audit row in its transaction`);
    } else if (!isReadOnly(command.name)) {
      await auditLog.record(operator, {
        action,
        target: audited?.target ?? targetOf(options, parsed.positionals),
        before: audited?.before,
        after: audited?.after ?? {
          options: withoutSecrets(options),
          positionals: parsed.positionals,
          output: withoutSecretLines(printed),
        },
        subject: subjectOf(audited),
      });
    }
    return 0;
  } catch (error) {
    // A refusal under a key is kept, so the same key and options get it again (the console's rule).
    if (claim && !claim.settled && error instanceof AppError && isReplayableRefusal(error.statusCode)) {
      const body = JSON.stringify({ status: false, message: error.message, code: error.code });
      await storeIdempotentAnswer(database.db, { ...claim, createdAt: clock.now() }, error.statusCode, body);
    }
    if (error instanceof UsageError) {
      io.err(`error: ${error.message}\nusage: npm run admin -- ${command.usage}`);
      return 2;
    }
    if (error instanceof AppError) {
      io.err(`error: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}
