import { parseArgs } from 'node:util';
import type { AppConfig } from '../config/env';
import { AppError } from '../lib/app-error';
import { type Clock, systemClock } from '../lib/clock';
import { createAuditLog, createOperatorsService } from '../modules/operators';
import { prepareDatabase } from '../startup';
import { UsageError } from './command';
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

function usage(): string {
  return [
    'usage: npm run admin -- <command> [--as OPERATOR]   (acts as that operator, by default the system operator; audited)',
    ...adminCommands.map((command) => `  ${command.usage}`),
  ].join('\n');
}

/** Runs one operator command on the configured database; resolves to the exit code. */
export async function runAdmin(allArgs: string[], config: AppConfig, io: AdminIo, clock: Clock = systemClock): Promise<number> {
  // `--as NAME` may stand anywhere, before the command's words too.
  const { argv, asName } = takeAsOption(allArgs);
  const command = adminCommands
    .filter((candidate) => candidate.name.split(' ').every((word, index) => argv[index] === word))
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!command) {
    io.err(argv.length ? `error: unknown command "${argv.join(' ')}"\n${usage()}` : usage());
    return 2;
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv.slice(command.name.split(' ').length),
      options: Object.fromEntries((command.options ?? []).map((name) => [name, { type: 'string' as const }])),
      strict: false,
      allowPositionals: true,
    });
  } catch (error) {
    io.err(`error: ${(error as Error).message}`);
    return 2;
  }
  const unknownOption = Object.keys(parsed.values).find((name) => !(command.options ?? []).includes(name));
  if (unknownOption) {
    io.err(`error: unknown option --${unknownOption}\nusage: npm run admin -- ${command.usage}`);
    return 2;
  }
  const options = Object.fromEntries(
    Object.entries(parsed.values).map(([key, value]) => [key, typeof value === 'string' ? value : undefined]),
  );
  const database = await prepareDatabase(config, clock);
  try {
    const operator = await createOperatorsService(database.db, clock).actorForCli(
      typeof asName === 'string' ? asName : undefined,
    );
    const printed: string[] = [];
    let audited: { target?: string; before?: unknown; after?: unknown } | undefined;
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
        audited = entry;
      },
    });
    if (!isReadOnly(command.name)) {
      await createAuditLog(database.db, () => clock.now()).record(operator, {
        action: `cli.${command.name.replaceAll(' ', '.')}`,
        target: audited?.target ?? targetOf(options, parsed.positionals),
        before: audited?.before,
        after: audited?.after ?? {
          options: withoutSecrets(options),
          positionals: parsed.positionals,
          output: withoutSecretLines(printed),
        },
      });
    }
    return 0;
  } catch (error) {
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
