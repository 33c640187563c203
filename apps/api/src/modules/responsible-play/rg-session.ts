import { paiseToRupees, type RgSession } from '@app/shared';
import { AppError } from '../../lib/app-error';
import { findSessionClock, type SessionUser, setLiveSessionLimit, setRealityChecked } from '../sessions';
import { findControls, saveControls } from './rg.repository';
import type { RgStateAccess } from './rg-state';
import { iso, recordRgChange, type RgActor, type RgDeps } from './rg-support';

/**
 * Session controls (docs/responsible-play.md, "Session controls"): a reality check every few
 * minutes with the session's figures, and a time limit on the session counted from its login.
 */
export function createRgSessionControls({ db, clock, money, sportsPlay }: RgDeps, { change }: RgStateAccess) {
  async function setSessionControls(userId: number, realityCheckMinutes: number, sessionLimitMinutes: number, actor: RgActor) {
    return change(userId, async (tx) => {
      await saveControls(tx, userId, realityCheckMinutes, sessionLimitMinutes, clock.now());
      // The live session's time limit counts from its login.
      await setLiveSessionLimit(tx, userId, (startedAt) =>
        sessionLimitMinutes > 0 ? startedAt + sessionLimitMinutes * 60_000 : null,
      );
      const detail = `reality check ${realityCheckMinutes} min, session limit ${sessionLimitMinutes} min`;
      await recordRgChange(clock, tx, userId, 'session_controls', detail, actor, 'rg_session_controls');
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
    setSessionControls,
    sessionClock,
    async continueSession(user: SessionUser): Promise<RgSession> {
      await setRealityChecked(db, user.sessionId, clock.now());
      return sessionClock(user);
    },
  };
}
