import {
  paiseToRupees,
  RG_LIMIT_KINDS,
  RG_PERIODS,
  RG_RETURN_WAIT_MS,
  type RgLimit,
  type RgPeriod,
  type RgState,
  windowStartHour,
} from '@app/shared';
import type { Db } from '../../db/database';
import { moneyTransaction, type Tx } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { windowStarts } from './rg.guard';
import { findControls, findLatestPause, listLimits, saveState, sumUsage } from './rg.repository';
import { iso, type RgDeps } from './rg-support';

const rupeesOrNull = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));

/** A player's responsible-play state as the site shows it, and the one way to change it. */
export interface RgStateAccess {
  state(executor: Db, userId: number): Promise<RgState>;
  /** Runs a change under the player's lock and answers the new state. */
  change(userId: number, work: (tx: Tx) => Promise<void>): Promise<RgState>;
}

/** Writes the summary row the stake check reads, from the limits and the latest pause. */
async function syncState(clock: Clock, tx: Tx, userId: number): Promise<void> {
  const limits = await listLimits(tx, userId);
  const amountOf = (kind: 'stake' | 'loss', period: RgPeriod) => {
    const row = limits.find((limit) => limit.kind === kind && limit.period === period);
    return row?.amount == null ? null : Number(row.amount);
  };
  const pause = await findLatestPause(tx, userId);
  let pausedUntil: number | null = null;
  if (pause?.kind === 'time_out') pausedUntil = pause.until === null ? null : Number(pause.until);
  // A self-exclusion lasts until the player asks to return after its time, and 24 hours more.
  if (pause?.kind === 'self_exclusion' && pause.return_requested_at !== null) {
    pausedUntil = Number(pause.return_requested_at) + RG_RETURN_WAIT_MS;
  }
  await saveState(tx, {
    user_id: userId,
    stake_day: amountOf('stake', 'day'),
    stake_week: amountOf('stake', 'week'),
    stake_month: amountOf('stake', 'month'),
    loss_day: amountOf('loss', 'day'),
    loss_week: amountOf('loss', 'week'),
    loss_month: amountOf('loss', 'month'),
    pause_kind: pause?.kind ?? null,
    paused_from: pause ? Number(pause.started_at) : null,
    paused_until: pausedUntil,
    updated_at: clock.now(),
  });
}

function pauseView(pause: Awaited<ReturnType<typeof findLatestPause>>, now: number) {
  if (!pause) return { pause: null, canRequestReturn: false, isReturning: false };
  const until = pause.until === null ? null : Number(pause.until);
  if (pause.kind === 'time_out') {
    const isOver = until !== null && until <= now;
    return { pause: isOver ? null : { kind: pause.kind, until: iso(until) }, canRequestReturn: false, isReturning: false };
  }
  if (pause.return_requested_at !== null) {
    const returnAt = Number(pause.return_requested_at) + RG_RETURN_WAIT_MS;
    // The site tells "you play again from" apart from "your self-exclusion runs until".
    const isReturning = returnAt > now;
    return { pause: isReturning ? { kind: pause.kind, until: iso(returnAt) } : null, canRequestReturn: false, isReturning };
  }
  const isOver = until !== null && until <= now;
  return { pause: { kind: pause.kind, until: isOver ? null : iso(until) }, canRequestReturn: isOver, isReturning: false };
}

export function createRgState({ db, clock, money, deposits }: RgDeps): RgStateAccess {
  async function state(executor: Db, userId: number): Promise<RgState> {
    const now = clock.now();
    const [limits, controls, pause, usage, held] = await Promise.all([
      listLimits(executor, userId),
      findControls(executor, userId),
      findLatestPause(executor, userId),
      sumUsage(executor, userId, windowStarts(now)),
      money.readBalances(executor, userId).then((balances) => balances.exposure + balances.bonusExposure),
    ]);
    const rows: RgLimit[] = [];
    for (const kind of RG_LIMIT_KINDS) {
      for (const period of RG_PERIODS) {
        const row = limits.find((limit) => limit.kind === kind && limit.period === period);
        let used: number;
        if (kind === 'deposit') {
          used = (await deposits?.totalSince(executor, userId, windowStartHour(period, now) * 3_600_000)) ?? 0;
        } else if (kind === 'loss') used = Math.max(0, usage.loss[period] + held);
        else used = usage.stake[period];
        const amount = row?.amount == null ? null : Number(row.amount);
        const pendingFrom = row?.pending_from == null ? null : Number(row.pending_from);
        rows.push({
          kind,
          period,
          amount: rupeesOrNull(amount),
          used: paiseToRupees(used),
          remaining: amount === null ? null : paiseToRupees(Math.max(0, amount - used)),
          pending_amount:
            pendingFrom === null ? null : rupeesOrNull(row?.pending_amount == null ? null : Number(row.pending_amount)),
          pending_from: iso(pendingFrom),
        });
      }
    }
    const current = pauseView(pause, now);
    return {
      limits: rows,
      reality_check_minutes: (controls?.reality_check_minutes ?? 0) as RgState['reality_check_minutes'],
      session_limit_minutes: Number(controls?.session_limit_minutes ?? 0),
      pause: current.pause,
      can_request_return: current.canRequestReturn,
      return_requested: current.isReturning,
    };
  }

  return {
    state,
    async change(userId, work) {
      await moneyTransaction(db, { userIds: [userId], now: clock.now() }, async (tx) => {
        await work(tx);
        await syncState(clock, tx, userId);
      });
      return state(db, userId);
    },
  };
}
