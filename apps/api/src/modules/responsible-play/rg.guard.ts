import {
  formatPaiseAsRupees,
  hourOf,
  type LimitReachedData,
  paiseToRupees,
  type PauseKind,
  type RefusalMomentData,
  type RgLimitKind,
  type RgPeriod,
  RG_PERIODS,
  windowStartHour,
} from '@app/shared';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { MoneyRules, Stake } from '../money';
import type { SessionTerms } from '../sessions';
import { addStakeAndLoss, addUsage, findControls, findState, sumUsage } from './rg.repository';
import type { RgStateRow } from './rg.table';

/** Deposits a player made (pending and credited) since a moment, in paise: the payments module's answer. */
export interface DepositHistory {
  totalSince(db: Db, userId: number, sinceMs: number): Promise<number>;
}

export interface ActivePause {
  kind: PauseKind;
  /** When it ends; null: permanent, or until the player asks to return. */
  until: number | null;
}

/** The pause in force at `now`, from the player's state row. */
export function activePause(state: RgStateRow | undefined, now: number): ActivePause | null {
  if (!state?.pause_kind) return null;
  const until = state.paused_until === null ? null : Number(state.paused_until);
  if (until !== null && until <= now) return null;
  return { kind: state.pause_kind, until };
}

/** Money in a refusal as the site shows it (docs/shell.md "Numbers"); what is left is never below 0. */
const formatLeft = (paise: number) => formatPaiseAsRupees(Math.max(0, paise));
const PERIOD_WORD: Record<RgPeriod, string> = { day: 'daily', week: 'weekly', month: 'monthly' };

export function pausedError(pause: ActivePause): AppError {
  const what = pause.kind === 'time_out' ? 'time-out' : 'self-exclusion';
  const data: RefusalMomentData = { pause: pause.kind, until: pause.until === null ? null : new Date(pause.until).toISOString() };
  return new AppError(
    'PLAY_PAUSED',
    (moment) =>
      `Your ${what} is running${pause.until === null ? '' : ` until ${moment(pause.until)}`}: you can see your balance and statements and withdraw your cash, nothing else.`,
    data,
  );
}

function limitError(kind: RgLimitKind, period: RgPeriod, limit: number, left: number): AppError {
  // The data lets the site say the same in Hindi and Bengali (the message is English).
  const data: LimitReachedData = { kind, period, limit: paiseToRupees(limit), left: paiseToRupees(Math.max(0, left)) };
  return new AppError(
    'LIMIT_REACHED',
    `This would pass your ${PERIOD_WORD[period]} ${kind} limit of ${formatPaiseAsRupees(limit)}: ${formatLeft(left)} is left.`,
    data,
  );
}

function limitOf(state: RgStateRow, kind: 'stake' | 'loss', period: RgPeriod): number | null {
  const value = state[`${kind}_${period}`];
  return value === null ? null : Number(value);
}

/** A player's state row read ahead by a stake's verb (`prepareStake`), for its `checkStake`. */
interface KnownState {
  state: RgStateRow | undefined;
}

/** Window starts (epoch hours) of the three rolling periods ending now. */
export function windowStarts(now: number) {
  return { day: windowStartHour('day', now), week: windowStartHour('week', now), month: windowStartHour('month', now) };
}

/**
 * The checks every stake, bonus grant, game launch and deposit passes (docs/responsible-play.md).
 * The stake check runs inside the money transaction, under the player's lock, so bets racing a
 * limit are counted one after another and never pass it together.
 */
export function createRgGuard(clock: Clock, deposits?: DepositHistory) {
  /** `known`: the player's state as the caller read it already (a stake's `prepareStake`). */
  async function assertNotPaused(executor: Db, userId: number, known?: KnownState): Promise<RgStateRow | undefined> {
    const state = known ? known.state : await findState(executor, userId);
    const pause = activePause(state, clock.now());
    if (pause) throw pausedError(pause);
    return state;
  }

  /** The refusals of a stake: a pause, then a stake or loss limit it would pass. Reads only. */
  async function refuseStake(executor: Db, stake: Stake, now: number, known?: KnownState): Promise<void> {
    const state = await assertNotPaused(executor, stake.userId, known);
    if (!state) return;
    const hasLimit = (kind: 'stake' | 'loss') => RG_PERIODS.some((period) => limitOf(state, kind, period) !== null);
    // A bet that lowers the worst case (a hedge, a cash out's leg) is always taken: it can only
    // reduce what the player may lose. It still counts as staked.
    if (stake.exposureChange <= 0 || !(hasLimit('stake') || hasLimit('loss'))) return;
    const used = await sumUsage(executor, stake.userId, windowStarts(now));
    for (const period of RG_PERIODS) {
      const limit = limitOf(state, 'stake', period);
      if (limit !== null && used.stake[period] + stake.amount > limit) {
        throw limitError('stake', period, limit, limit - used.stake[period]);
      }
    }
    if (!hasLimit('loss')) return;
    const held = await stake.heldExposure();
    for (const period of RG_PERIODS) {
      const limit = limitOf(state, 'loss', period);
      const potential = used.loss[period] + held;
      if (limit !== null && potential + stake.exposureChange > limit) {
        throw limitError('loss', period, limit, limit - potential);
      }
    }
  }

  async function checkStake(tx: Tx, stake: Stake, prepared?: unknown): Promise<void> {
    const now = clock.now();
    await refuseStake(tx, stake, now, prepared as KnownState | undefined);
    const hour = hourOf(now);
    // A casino stake is lost unless a win or a rollback brings it back (recordOutcome).
    if (stake.product === 'casino') await addStakeAndLoss(tx, stake.userId, hour, stake.amount);
    else await addUsage(tx, stake.userId, 'stake', hour, stake.amount);
  }

  const moneyRules: MoneyRules = {
    prepareStake: async (tx, userId): Promise<KnownState> => ({ state: await findState(tx, userId) }),
    checkStake,
    previewStake: (db, stake) => refuseStake(db, stake, clock.now()),
    async checkBonusGrant(tx, grant) {
      await assertNotPaused(tx, grant.userId);
    },
    async recordOutcome(tx, outcome) {
      await addUsage(tx, outcome.userId, 'loss', hourOf(clock.now()), outcome.lossChange);
    },
  };

  return {
    moneyRules,
    /** Game launches: refused during a pause. */
    async assertMayPlay(executor: Db, userId: number): Promise<void> {
      await assertNotPaused(executor, userId);
    },
    /**
     * Before a deposit order is made, and before a late payment is credited (docs/payments.md,
     * "Late payments"): refused during a pause and over a deposit limit. A late payment counts in
     * the windows that hold its order's time; a limit whose window does not, it cannot pass.
     */
    async checkDeposit(executor: Db, deposit: { userId: number; amountPaise: number; orderCreatedAt?: number }): Promise<void> {
      await assertNotPaused(executor, deposit.userId);
      const limits = await executor
        .selectFrom('rg_limits')
        .select(['period', 'amount'])
        .where('user_id', '=', deposit.userId)
        .where('kind', '=', 'deposit')
        .where('amount', 'is not', null)
        .execute();
      const now = clock.now();
      for (const row of limits) {
        const limit = Number(row.amount);
        const windowStart = windowStartHour(row.period, now) * 3_600_000;
        if (deposit.orderCreatedAt !== undefined && deposit.orderCreatedAt < windowStart) continue;
        const used = (await deposits?.totalSince(executor, deposit.userId, windowStart)) ?? 0;
        if (used + deposit.amountPaise > limit) throw limitError('deposit', row.period, limit, limit - used);
      }
    },
    /** What a new session starts with: restricted during a pause, and its time limit. */
    async sessionTerms(executor: Db, userId: number): Promise<SessionTerms> {
      const now = clock.now();
      const [state, controls] = await Promise.all([findState(executor, userId), findControls(executor, userId)]);
      const minutes = Number(controls?.session_limit_minutes ?? 0);
      return { restricted: activePause(state, now) !== null, limitEndsAt: minutes > 0 ? now + minutes * 60_000 : null };
    },
  };
}

export type RgGuard = ReturnType<typeof createRgGuard>;
