import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { BonusService } from '../bonus';
import type { Money } from '../money';
import type { Decision } from './settlement-outcome';
import { findLatestSettlement } from './bets.repository';
import { createSettlementCorrections } from './settlement-corrections';
import { createFirstSettlement } from './settlement-first';
import type { SettleOnce, SettleResult, SettlementSource } from './settlement-result';
import { settleInRounds } from './settlement-rounds';
import { createSettlementWrites } from './settlement-writes';

export type { Decision } from './settlement-outcome';
export type { SettleOnce, SettleResult, SettlementSource } from './settlement-result';

export interface SettlementService {
  /** The first settlement of a market; a market already settled is left as it is ('already'). */
  settle(
    target: string,
    decision: Decision,
    source: SettlementSource,
    reason?: string | null,
    once?: SettleOnce,
  ): Promise<SettleResult>;
  /**
   * A correction (docs/betting.md "Corrections"): reverses the market's current settlement, each
   * player's posting by a new transaction linked to it, and settles it again with `decision`.
   */
  resettle(
    target: string,
    decision: Decision,
    source: SettlementSource,
    reason?: string | null,
    once?: SettleOnce,
  ): Promise<SettleResult>;
  /**
   * Voids a market or fancy line: settles it void when it is not settled yet, else corrects its
   * settlement to void (every stake back). 'already' when it is void already.
   */
  voidTarget(target: string, source: SettlementSource, reason?: string | null, once?: SettleOnce): Promise<SettleResult>;
}

export function createSettlementService(db: Db, clock: Clock, deps: { money: Money; bonuses: BonusService }): SettlementService {
  const writes = createSettlementWrites(db, clock);
  const settleFirst = createFirstSettlement(db, clock, deps, writes);
  const { resettleFrom, alreadyVoid } = createSettlementCorrections(db, clock, deps, writes);
  const rounds = (work: () => Promise<SettleResult>) => settleInRounds(db, work);

  return {
    settle: (target, decision, source, reason = null, once = {}) =>
      rounds(() => settleFirst(target, decision, source, reason, once, 'answer already')),

    async resettle(target, decision, source, reason = null, once = {}) {
      const latest = await findLatestSettlement(db, target);
      if (!latest) throw new AppError('REFUSED', `${target} has not been settled yet; settle it first`);
      return rounds(() => resettleFrom(target, latest, decision, source, reason, once, 'answer already'));
    },

    // One key serves one transaction, so the void chooses to settle or to correct before it acts,
    // and chooses again when the market's settlement changed before its transaction locked it.
    voidTarget: (target, source, reason = null, once = {}) =>
      rounds(async () => {
        const latest = await findLatestSettlement(db, target);
        if (!latest) return settleFirst(target, { outcome: 'void' }, source, reason, once, 'choose again');
        if (latest.outcome === 'void') return alreadyVoid(target, latest, once);
        return resettleFrom(target, latest, { outcome: 'void' }, source, reason, once, 'choose again');
      }),
  };
}
