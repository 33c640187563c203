import {
  formatPaiseAsRupees,
  isLoosening,
  type RefusalMomentData,
  RG_INCREASE_COOL_OFF_MS,
  type RgLimitKind,
  type RgPeriod,
} from '@app/shared';
import { AppError } from '../../lib/app-error';
import { findLimit, saveLimit } from './rg.repository';
import type { RgLimitRow } from './rg.table';
import type { RgStateAccess } from './rg-state';
import { iso, recordRgChange, type RgActor, type RgDeps } from './rg-support';

/**
 * A player's limits (docs/responsible-play.md, "Changing a limit"): a decrease at once, an
 * increase or removal after 24 hours and a confirmation; an operator may only tighten one.
 */
export function createRgLimits({ clock }: RgDeps, { change }: RgStateAccess) {
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
        await recordRgChange(
          clock,
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
      await recordRgChange(
        clock,
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
      await recordRgChange(
        clock,
        tx,
        userId,
        'limit_confirmed',
        `${kind} ${period}: ${amount === null ? 'none' : formatPaiseAsRupees(amount)}`,
        actor,
        'rg_limit_changed',
      );
    });
  }

  return { setLimit, confirmLimit };
}
