import type { RgSession } from '@app/shared';

/**
 * The session clock on the server's time (docs/responsible-play.md "Reality check"): the server
 * says when the session began and when the next reality check is due; the browser only counts
 * towards those moments, corrected by how far its own clock is from the server's. Reloading the
 * page asks the server again, so it never restarts the interval.
 */
export interface SessionClock {
  /** The server's clock minus the browser's, in ms. */
  offsetMs: number;
  /** Server times, epoch ms. */
  startedAt: number;
  nextCheckAt: number | null;
  endsAt: number | null;
  realityCheckMinutes: number;
  /** Won − lost on bets and games settled since this login, rupees. */
  netResult: number;
  /** Staked since this login (bets placed, casino stakes), rupees. */
  staked: number;
  /** What winning bets and rounds returned since this login, rupees. */
  won: number;
}

const timeOf = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/**
 * The clock from an `rg/session` answer. `sentAt` and `receivedAt` are the browser's clock around
 * the request: the server read its time somewhere in between, taken as the middle.
 */
export function readSessionClock(data: RgSession, sentAt: number, receivedAt: number): SessionClock {
  const serverTime = Date.parse(data.server_time);
  return {
    offsetMs: serverTime - Math.round((sentAt + receivedAt) / 2),
    startedAt: Date.parse(data.started_at),
    nextCheckAt: timeOf(data.next_reality_check_at),
    endsAt: timeOf(data.ends_at),
    realityCheckMinutes: data.reality_check_minutes,
    netResult: data.net_result,
    // Older servers did not send them: nothing staked or won is the honest reading then.
    staked: data.staked ?? 0,
    won: data.won ?? 0,
  };
}

/** The server's time now, from the browser's. */
export function serverNow(clock: SessionClock, browserNow: number): number {
  return browserNow + clock.offsetMs;
}

/** True once the reality check is due (never without one). */
export function isRealityCheckDue(clock: SessionClock, browserNow: number): boolean {
  return clock.nextCheckAt !== null && serverNow(clock, browserNow) >= clock.nextCheckAt;
}

/** Browser ms until the check is due (0 when it is), or null without a reality check. */
export function msUntilRealityCheck(clock: SessionClock, browserNow: number): number | null {
  return clock.nextCheckAt === null ? null : Math.max(0, clock.nextCheckAt - serverNow(clock, browserNow));
}

/** Time since login, ms (never below 0). */
export function elapsedMs(clock: SessionClock, browserNow: number): number {
  return Math.max(0, serverNow(clock, browserNow) - clock.startedAt);
}

/** Time left before the session limit ends the session, ms (0 once reached), or null without a limit. */
export function remainingMs(clock: SessionClock, browserNow: number): number | null {
  return clock.endsAt === null ? null : Math.max(0, clock.endsAt - serverNow(clock, browserNow));
}

/** A duration as a clock reads it: `h:mm:ss` (hours unbounded), whole seconds rounded down. */
export function formatDuration(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The same duration for `<time dateTime>`: ISO 8601 (`PT1H5M9S`). */
export function isoDuration(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  return `PT${Math.floor(total / 3600)}H${Math.floor((total % 3600) / 60)}M${total % 60}S`;
}
