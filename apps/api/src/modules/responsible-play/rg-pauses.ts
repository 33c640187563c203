import {
  PAUSE_DURATION_MS,
  type PauseKind,
  RG_RETURN_WAIT_MS,
  type SelfExclusionDuration,
  type TimeOutDuration,
} from '@app/shared';
import { AppError } from '../../lib/app-error';
import { endUserSessionRows } from '../sessions';
import { activePause } from './rg.guard';
import { findLatestPause, findState, insertPause, setReturnRequested } from './rg.repository';
import type { RgStateAccess } from './rg-state';
import { iso, recordRgChange, type RgActor, type RgDeps } from './rg-support';

/**
 * Time-outs and self-exclusions (docs/responsible-play.md, "Time-out and self-exclusion"): a new
 * pause may only make the one in force stronger or longer; a self-excluded player asks to return.
 */
export function createRgPauses({ clock }: RgDeps, { change }: RgStateAccess) {
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
      await recordRgChange(
        clock,
        tx,
        userId,
        kind,
        `${duration}${until === null ? '' : ` until ${iso(until)}`}`,
        actor,
        'rg_pause',
      );
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
      await recordRgChange(
        clock,
        tx,
        userId,
        'return_requested',
        `play again from ${iso(now + RG_RETURN_WAIT_MS)}`,
        actor,
        'rg_return_requested',
      );
    });
  }

  return { pause, requestReturn };
}
