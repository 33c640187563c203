import {
  type ActivityEvent,
  formatPaiseAsRupees,
  isLoosening,
  PAUSE_DURATION_MS,
  type PauseKind,
  paiseToRupees,
  RG_INCREASE_COOL_OFF_MS,
  RG_LIMIT_KINDS,
  RG_PERIODS,
  type RefusalMomentData,
  RG_RETURN_WAIT_MS,
  type RgLimit,
  type RgLimitKind,
  type RgPeriod,
  type RgSession,
  type RgState,
  type SelfExclusionDuration,
  type TimeOutDuration,
  windowStartHour,
} from '@app/shared';
import type { Db } from '../../db/database';
import { moneyTransaction, type Tx } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Money } from '../money';
import { recordActivity } from '../activity';
import {
  type ClientInfo,
  endUserSessionRows,
  findSessionClock,
  type SessionUser,
  setLiveSessionLimit,
  setRealityChecked,
} from '../sessions';
import { activePause, type DepositHistory, windowStarts } from './rg.guard';
import {
  findControls,
  findLatestPause,
  findState,
  findLimit,
  insertEvent,
  insertPause,
  listLimits,
  saveControls,
  saveLimit,
  saveState,
  setReturnRequested,
  sumUsage,
} from './rg.repository';
import type { RgLimitRow } from './rg.table';

/** Who made a change: the player, or an operator by name (the history says which). */
export type RgActor = { kind: 'player'; client: ClientInfo } | { kind: 'operator'; name: string };

export interface RgDeps {
  db: Db;
  clock: Clock;
  money: Money;
  deposits?: DepositHistory;
  /** The player's sports stakes and returns since a moment (paise), from the bets module: the reality check's figures. */
  sportsPlay?: (userId: number, since: number) => Promise<{ staked: number; returned: number }>;
}

const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs).toISOString());
const rupeesOrNull = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));
const actorName = (actor: RgActor) => (actor.kind === 'player' ? 'player' : `operator:${actor.name}`);

/**
 * Responsible play (docs/responsible-play.md): limits a player sets (a decrease at once, an
 * increase or removal after 24 hours and a confirmation), session controls, time-outs and
 * self-exclusions. Every change is made under the player's money lock, so a stake racing it sees
 * the limit before or after, never half.
 */
export function createRgService({ db, clock, money, deposits, sportsPlay }: RgDeps) {
  /** Writes the summary row the stake check reads, from the limits and the latest pause. */
  async function syncState(tx: Tx, userId: number): Promise<void> {
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

  /** The history row of a change, and the player's activity log entry when the player made it. */
  async function record(tx: Tx, userId: number, action: string, detail: string, actor: RgActor, event: ActivityEvent) {
    await insertEvent(tx, {
      user_id: userId,
      action,
      detail: detail.slice(0, 400),
      actor: actorName(actor),
      created_at: clock.now(),
    });
    if (actor.kind === 'player') await recordActivity(tx, clock, { userId, event, client: actor.client });
  }

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

  /** Runs a change under the player's lock and answers the new state. */
  async function change(userId: number, work: (tx: Tx) => Promise<void>): Promise<RgState> {
    await moneyTransaction(db, { userIds: [userId], now: clock.now() }, async (tx) => {
      await work(tx);
      await syncState(tx, userId);
    });
    return state(db, userId);
  }

  async function setLimit(userId: number, kind: RgLimitKind, period: RgPeriod, amount: number | null, actor: RgActor) {
    return change(userId, async (tx) => {
      const now = clock.now();
      const row = await findLimit(tx, userId, kind, period);
      const current = row?.amount == null ? null : Number(row.amount);
      const base = { user_id: userId, kind, period, updated_at: now };
      const label = `${kind} ${period}`;
      if (!isLoosening(current, amount)) {
        // New or lower: at once, and a raise waiting behind it is dropped.
        await saveLimit(tx, { ...base, amount, pending_amount: null, pending_removal: 0, pending_from: null });
        await record(
          tx,
          userId,
          'limit_set',
          `${label}: ${amount === null ? 'none' : formatPaiseAsRupees(amount)}`,
          actor,
          'rg_limit_changed',
        );
        return;
      }
      if (actor.kind === 'operator') throw new AppError('REFUSED', 'Operators can only tighten a limit, never loosen it.');
      await saveLimit(tx, {
        ...base,
        amount: current,
        pending_amount: amount,
        pending_removal: amount === null ? 1 : 0,
        pending_from: now + RG_INCREASE_COOL_OFF_MS,
      });
      const next = amount === null ? 'removal' : formatPaiseAsRupees(amount);
      await record(
        tx,
        userId,
        'limit_pending',
        `${label}: ${next} from ${iso(now + RG_INCREASE_COOL_OFF_MS)}`,
        actor,
        'rg_limit_changed',
      );
    });
  }

  async function confirmLimit(userId: number, kind: RgLimitKind, period: RgPeriod, actor: RgActor) {
    return change(userId, async (tx) => {
      const row: RgLimitRow | undefined = await findLimit(tx, userId, kind, period);
      if (!row || row.pending_from === null)
        throw new AppError('REFUSED', 'There is no pending change of this limit to confirm.');
      const from = Number(row.pending_from);
      if (clock.now() < from) {
        throw new AppError(
          'REFUSED',
          (moment) => `This change can be confirmed from ${moment(from)}, 24 hours after you asked for it.`,
          { from: new Date(from).toISOString() } satisfies RefusalMomentData,
        );
      }
      const amount = Number(row.pending_removal) === 1 || row.pending_amount === null ? null : Number(row.pending_amount);
      await saveLimit(tx, {
        user_id: userId,
        kind,
        period,
        amount,
        pending_amount: null,
        pending_removal: 0,
        pending_from: null,
        updated_at: clock.now(),
      });
      await record(
        tx,
        userId,
        'limit_confirmed',
        `${kind} ${period}: ${amount === null ? 'none' : formatPaiseAsRupees(amount)}`,
        actor,
        'rg_limit_changed',
      );
    });
  }

  async function setSessionControls(userId: number, realityCheckMinutes: number, sessionLimitMinutes: number, actor: RgActor) {
    return change(userId, async (tx) => {
      await saveControls(tx, userId, realityCheckMinutes, sessionLimitMinutes, clock.now());
      // The live session's time limit counts from its login.
      await setLiveSessionLimit(tx, userId, (startedAt) =>
        sessionLimitMinutes > 0 ? startedAt + sessionLimitMinutes * 60_000 : null,
      );
      const detail = `reality check ${realityCheckMinutes} min, session limit ${sessionLimitMinutes} min`;
      await record(tx, userId, 'session_controls', detail, actor, 'rg_session_controls');
    });
  }

  async function pause(userId: number, kind: PauseKind, duration: TimeOutDuration | SelfExclusionDuration, actor: RgActor) {
    return change(userId, async (tx) => {
      const now = clock.now();
      const length = PAUSE_DURATION_MS[duration];
      let until = length === null ? null : now + length;
      const [state, latest] = await Promise.all([findState(tx, userId), findLatestPause(tx, userId)]);
      // Nobody shortens a pause: a new one may only make the one in force stronger or longer.
      if (latest && activePause(state, now)) {
        const latestUntil = latest.until === null ? null : Number(latest.until);
        if (latest.kind === 'self_exclusion') {
          if (kind === 'time_out' || latestUntil === null || (until !== null && until <= latestUntil)) {
            throw new AppError('REFUSED', 'A self-exclusion is running; it can only be made longer, never shorter.');
          }
        } else if (kind === 'time_out' && latestUntil !== null && until !== null && until < latestUntil) {
          until = latestUntil;
        }
      }
      await insertPause(tx, { user_id: userId, kind, started_at: now, until });
      // Every session of the player ends now, on every instance (change notices, docs/adr/0006).
      await endUserSessionRows(tx, userId, now, 'paused');
      await record(tx, userId, kind, `${duration}${until === null ? '' : ` until ${iso(until)}`}`, actor, 'rg_pause');
    });
  }

  async function requestReturn(userId: number, actor: RgActor) {
    return change(userId, async (tx) => {
      const latest = await findLatestPause(tx, userId);
      const now = clock.now();
      const isOver = latest?.kind === 'self_exclusion' && latest.until !== null && Number(latest.until) <= now;
      if (!latest || !isOver || latest.return_requested_at !== null) {
        throw new AppError('REFUSED', 'You can ask to return only after your self-exclusion has ended.');
      }
      await setReturnRequested(tx, latest.id, now);
      await record(
        tx,
        userId,
        'return_requested',
        `play again from ${iso(now + RG_RETURN_WAIT_MS)}`,
        actor,
        'rg_return_requested',
      );
    });
  }

  async function sessionClock(user: SessionUser): Promise<RgSession> {
    const [session, controls] = await Promise.all([findSessionClock(db, user.sessionId), findControls(db, user.userId)]);
    if (!session) throw new AppError('SESSION_EXPIRED', 'Your session has expired. Please log in again.');
    const startedAt = Number(session.created_at);
    const minutes = Number(controls?.reality_check_minutes ?? 0);
    const checkedAt = session.reality_checked_at === null ? startedAt : Number(session.reality_checked_at);
    const [net, casino, sports] = await Promise.all([
      money.netResultSince(db, user.userId, startedAt),
      money.casinoPlaySince(db, user.userId, startedAt),
      sportsPlay ? sportsPlay(user.userId, startedAt) : { staked: 0, returned: 0 },
    ]);
    return {
      server_time: new Date(clock.now()).toISOString(),
      started_at: new Date(startedAt).toISOString(),
      reality_check_minutes: minutes,
      next_reality_check_at: minutes > 0 ? iso(checkedAt + minutes * 60_000) : null,
      ends_at: iso(session.limit_ends_at === null ? null : Number(session.limit_ends_at)),
      net_result: paiseToRupees(net),
      staked: paiseToRupees(casino.staked + sports.staked),
      won: paiseToRupees(casino.won + sports.returned),
    };
  }

  return {
    state: (userId: number) => state(db, userId),
    setLimit,
    confirmLimit,
    setSessionControls,
    pause,
    requestReturn,
    sessionClock,
    async continueSession(user: SessionUser): Promise<RgSession> {
      await setRealityChecked(db, user.sessionId, clock.now());
      return sessionClock(user);
    },
  };
}

export type RgService = ReturnType<typeof createRgService>;
