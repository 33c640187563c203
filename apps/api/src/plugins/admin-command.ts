import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/database';
import type { IdempotencyClaim, Tx } from '../db/unit-of-work';
import type { Clock } from '../lib/clock';

/** What the audit log keeps of an act: its target and the values before and after. */
export interface AuditDetails {
  target?: string;
  before?: unknown;
  after?: unknown;
  /** The player the act is about (its id), when the command knows it better than `playerOption`. */
  subjectUserId?: number;
}

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
  audit(entry: AuditDetails): void;
  /**
   * For a command that moves money (`movesMoney`): writes its audit row inside the act's own
   * money transaction, so the money and its row commit together or not at all (docs/operators.md,
   * "Exactly once"). Such a command must call it from its act's `within`, and never `audit`.
   */
  auditWithin(tx: Tx, entry: AuditDetails): Promise<void>;
  /**
   * For a command that moves money, given `--key K`: the operator's key, to claim in the act's
   * money transaction (the same key and options again replay the first answer); else null.
   */
  idempotency: IdempotencyClaim | null;
}

export interface AdminCommand {
  /** The words that select it, e.g. `settings set`. */
  name: string;
  usage: string;
  /** Names of the `--option VALUE` pairs it takes. */
  options?: string[];
  /** It moves money: it takes `--key K` and writes its audit row in its money transaction (`auditWithin`). */
  movesMoney?: boolean;
  /**
   * The option that names the player the command acts on (`name`): its audit row is about that
   * player, so the console's filter by player finds it (docs/operators.md, "The audit log").
   */
  playerOption?: string;
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
