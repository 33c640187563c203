import type { AuditRow } from '@app/shared';
import { rupees } from './format';

/**
 * The audit log read as sentences (docs/operators.md, "The audit log"). A row stores its act's
 * name, its target and the values before and after as JSON; the console says what happened in
 * the operator's language, with every amount in one unit: rupees as the site writes them (₹),
 * whichever writer stored it (the console and the CLI store rupees, never paise).
 */

/** The JSON fields that hold money (rupees): shown as ₹1,234.50. */
export const AUDIT_MONEY_FIELDS: ReadonlySet<string> = new Set([
  'amount',
  'cash',
  'split_bonus',
  'wager_bonus',
  'exposure',
  'balance',
  'held',
]);

/** The acts a filter offers, in the order an operator looks for them (the prefix filters: `wallet` finds credits and debits). */
export const AUDIT_ACTS = [
  'wallet',
  'withdraw',
  'kyc',
  'bonus',
  'approval',
  'sports',
  'rg',
  'player',
  'settings',
  'casino',
  'operator',
  'cli',
] as const;

/** The acts the log has a sentence for; others read as "operator: act on target". */
const SENTENCE_ACTS = new Set([
  'wallet.credit',
  'wallet.debit',
  'withdraw.approve',
  'withdraw.reject',
  'kyc.approve',
  'kyc.reject',
  'bonus.grant',
  'approval.request',
  'approval.approve',
  'approval.reject',
  'sports.result',
  'sports.void',
  'sports.resettle',
  'sports.fancy_result',
  'sports.suspend',
  'sports.resume',
  'settings.set',
  'operator.login',
  'operator.logout',
  'operator.login_failed',
  'player.disable',
  'player.enable',
  'player.force_password_change',
  'rg.limit',
  'rg.time_out',
  'rg.self_exclusion',
  'casino.provider',
  'casino.game',
]);

type Json = Record<string, unknown>;

function parse(text: string | null): Json {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : { value };
  } catch {
    return { value: text };
  }
}

/** One field's value as the operator reads it: money in ₹, lists joined, nothing as —. */
export function auditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (AUDIT_MONEY_FIELDS.has(field) && typeof value === 'number') return rupees(value);
  if (AUDIT_MONEY_FIELDS.has(field) && typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value)) return rupees(Number(value));
  if (Array.isArray(value)) return value.map((item) => auditValue(field, item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A before/after's fields as `field: value` lines, money in ₹. */
export function auditChanges(text: string | null): { field: string; value: string }[] {
  return Object.entries(parse(text)).map(([field, value]) => ({ field, value: auditValue(field, value) }));
}

/** The player an act is about: its target `user:NAME`, or the user name its before names (a withdrawal). */
export function auditPlayer(row: Pick<AuditRow, 'target' | 'before'>): string | null {
  if (row.target.startsWith('user:')) return row.target.slice('user:'.length);
  const before = parse(row.before);
  return typeof before.user_name === 'string' ? before.user_name : null;
}

export interface AuditSentence {
  /** The i18n key under `audit.says`. */
  key: string;
  values: Record<string, string>;
}

/** Which sentence a row reads as, and the words that go in it. */
export function auditSentence(row: AuditRow): AuditSentence {
  const before = parse(row.before);
  const after = parse(row.after);
  const pick = (field: string) => auditValue(field, after[field] ?? before[field]);
  const idOf = (prefix: string) => (row.target.startsWith(prefix) ? row.target.slice(prefix.length) : row.target);
  const settingKey = idOf('setting:');
  const values: Record<string, string> = {
    operator: row.operator,
    act: row.action,
    target: row.target,
    player: auditPlayer(row) ?? row.target,
    amount: pick('amount'),
    reason: pick('reason'),
    cashBefore: auditValue('cash', before.cash),
    cashAfter: auditValue('cash', after.cash),
    id: row.target.startsWith('withdraw:') ? idOf('withdraw:') : auditValue('request_id', after.request_id ?? before.request_id),
    summary: auditValue('summary', after.summary ?? before.summary),
    bets: auditValue('bets', after.bets ?? 0),
    run: auditValue('run', after.run),
    key: settingKey,
    from: auditValue(settingKey, before[settingKey]),
    to: auditValue(settingKey, after[settingKey]),
    limit: `${auditValue('kind', after.kind ?? before.kind)} ${auditValue('period', after.period ?? before.period)}`,
    limitFrom: auditValue('amount', before.amount),
    limitTo: auditValue('amount', after.amount),
    duration: auditValue('duration', after.duration),
  };
  return { key: SENTENCE_ACTS.has(row.action) ? row.action.replace('.', '_') : 'other', values };
}
