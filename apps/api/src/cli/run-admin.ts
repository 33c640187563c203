import { parseArgs } from 'node:util';
import type { AppConfig } from '../config/env';
import { AppError } from '../lib/app-error';
import { type Clock, systemClock } from '../lib/clock';
import { prepareDatabase } from '../startup';
import { UsageError } from './command';
import { adminCommands } from './commands';

export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

function usage(): string {
  return ['usage: npm run admin -- <command>', ...adminCommands.map((command) => `  ${command.usage}`)].join('\n');
}

/** Runs one operator command on the configured database; resolves to the exit code. */
export async function runAdmin(argv: string[], config: AppConfig, io: AdminIo, clock: Clock = systemClock): Promise<number> {
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
    await command.run({ config, database, clock, options, positionals: parsed.positionals, print: io.out });
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
