import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/database';
import type { Clock } from '../lib/clock';

export interface CommandContext {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  /** Named options (`--name N`) and the words left after the command. */
  options: Record<string, string | undefined>;
  positionals: string[];
  print(line: string): void;
  /** The operator the command acts as (`--as NAME`, else the system operator; docs/operators.md). */
  operator: { operatorId: number; name: string; role: 'owner' | 'finance' | 'trader' | 'support'; ip: string };
  /**
   * What the audit log keeps of this act: its target and the values before and after. Without
   * it, the command's options (never a password) and what it printed are kept as "after".
   */
  audit(entry: { target?: string; before?: unknown; after?: unknown }): void;
}

export interface AdminCommand {
  /** The words that select it, e.g. `settings set`. */
  name: string;
  usage: string;
  /** Names of the `--option VALUE` pairs it takes. */
  options?: string[];
  run(context: CommandContext): Promise<void>;
}

export class UsageError extends Error {}

export function requireOption(context: CommandContext, name: string): string {
  const value = context.options[name];
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

export function parseWholeNumber(text: string, label: string): number {
  if (!/^-?\d{1,15}$/.test(text)) throw new UsageError(`${label} must be a whole number`);
  return Number(text);
}
