import {
  MAX_OPERATOR_AMOUNT_PAISE,
  MAX_SESSION_LIMIT_MINUTES,
  paiseToRupees,
  PAUSE_DURATION_MS,
  RG_PERIODS,
  type RgLimit,
  type RgLimitKind,
  type RgState,
  type SelfExclusionDuration,
  type TimeOutDuration,
} from '@app/shared';

/**
 * The controls page's rules, pure (docs/responsible-play.md): what a typed limit is, whether a
 * change applies at once or after the 24-hour wait, where a pending change stands, and when a
 * pause would end. The server has the last word; its message is shown as it is.
 */

/** The largest limit the server takes, rupees. */
export const MAX_LIMIT_RUPEES = paiseToRupees(MAX_OPERATOR_AMOUNT_PAISE);

/** The three limits of one kind, day, week and month in that order (absent ones as "none"). */
export function limitsOfKind(state: RgState, kind: RgLimitKind): RgLimit[] {
  return RG_PERIODS.map(
    (period) =>
      state.limits.find((limit) => limit.kind === kind && limit.period === period) ?? {
        kind,
        period,
        amount: null,
        used: 0,
        remaining: null,
        pending_amount: null,
        pending_from: null,
      },
  );
}

export type LimitAmountProblem = 'required' | 'invalid' | 'decimals' | 'zero' | 'tooLarge';

/** A limit as typed: rupees with at most two decimals, more than 0, at most the server's maximum. */
export function parseLimitAmount(text: string): { amount: number } | { problem: LimitAmountProblem } {
  const value = text.trim().replace(/,/g, '');
  if (value === '') return { problem: 'required' };
  if (!/^\d+(\.\d+)?$/.test(value)) return { problem: 'invalid' };
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return { problem: 'decimals' };
  const amount = Number(value);
  if (amount <= 0) return { problem: 'zero' };
  if (amount > MAX_LIMIT_RUPEES) return { problem: 'tooLarge' };
  return { amount };
}

export type LimitChange = 'new' | 'lower' | 'same' | 'raise' | 'remove';

/** What setting `next` (null: no limit) does to the limit in effect. */
export function classifyChange(current: number | null, next: number | null): LimitChange {
  if (current === null) return next === null ? 'same' : 'new';
  if (next === null) return 'remove';
  if (next < current) return 'lower';
  return next > current ? 'raise' : 'same';
}

/** A new or lower limit applies at once; a raise or a removal waits 24 hours and the player's confirmation. */
export function appliesAtOnce(change: LimitChange): boolean {
  return change === 'new' || change === 'lower' || change === 'same';
}

export type PendingChange =
  | { status: 'none' }
  /** Waiting for its 24 hours: `amount` null is a removal. */
  | { status: 'waiting'; amount: number | null; from: number }
  /** The 24 hours have passed: the player may confirm it. */
  | { status: 'confirmable'; amount: number | null; from: number };

/** Where a raise or removal of this limit stands at `now` (epoch ms). */
export function pendingChange(limit: RgLimit, now: number): PendingChange {
  if (limit.pending_from === null) return { status: 'none' };
  const from = Date.parse(limit.pending_from);
  return { status: now >= from ? 'confirmable' : 'waiting', amount: limit.pending_amount, from };
}

/** The share of a limit used, 0–100, for its meter (0 without a limit). */
export function usedPercent(limit: RgLimit): number {
  if (limit.amount === null || limit.amount <= 0) return 0;
  return Math.min(100, Math.round((limit.used / limit.amount) * 100));
}

/** When a pause taken at `now` would end (epoch ms), or null for a permanent self-exclusion. */
export function pauseEndsAt(duration: TimeOutDuration | SelfExclusionDuration, now: number): number | null {
  const length = PAUSE_DURATION_MS[duration];
  return length === null ? null : now + length;
}

export type PauseStatus =
  | { status: 'none' }
  | { status: 'time_out'; until: number | null }
  /** A self-exclusion: `until` its time; null when permanent. */
  | { status: 'self_exclusion'; until: number | null }
  /** A self-exclusion's time is over: it lasts until the player asks to return. */
  | { status: 'awaiting_return' }
  /** The player asked to return: play again from `until`. */
  | { status: 'returning'; until: number };

/**
 * The pause in force as the page tells it. The server answers a self-exclusion whose time is over
 * with `until: null` and `can_request_return`; after the request, `until` is the return.
 */
export function pauseStatus(state: Pick<RgState, 'pause' | 'can_request_return' | 'return_requested'>): PauseStatus {
  const { pause } = state;
  if (!pause) return { status: 'none' };
  const until = pause.until === null ? null : Date.parse(pause.until);
  if (pause.kind === 'time_out') return { status: 'time_out', until };
  if (state.can_request_return) return { status: 'awaiting_return' };
  if (state.return_requested && until !== null) return { status: 'returning', until };
  return { status: 'self_exclusion', until };
}

/** A session time limit as typed: whole minutes from 0 (none) to a day. */
export function parseSessionMinutes(text: string): { minutes: number } | { problem: 'invalid' } {
  const value = text.trim();
  if (!/^\d{1,4}$/.test(value)) return { problem: 'invalid' };
  const minutes = Number(value);
  return minutes <= MAX_SESSION_LIMIT_MINUTES ? { minutes } : { problem: 'invalid' };
}
