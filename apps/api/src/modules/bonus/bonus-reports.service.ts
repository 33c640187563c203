import { type DataOf, type ReportQuery, type bonusHistory, type userBonus, paiseToRupees } from '@app/shared';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { pagingOf, resolveReportQuery } from '../money';
import { pageBonusEvents, pageUserBonuses, totalBonusEvents, totalUserBonuses } from './bonus.repository';
import type { BonusService } from './bonus.service';

const iso = (epochMs: number) => new Date(epochMs).toISOString();

/** Every grant, release and expiry of the player's bonuses, newest first. */
export async function readBonusHistory(
  db: Db,
  clock: Clock,
  userId: number,
  query: ReportQuery,
): Promise<DataOf<typeof bonusHistory>> {
  const resolved = resolveReportQuery(query, clock.now());
  const [rows, totals] = await Promise.all([
    pageBonusEvents(db, userId, resolved, resolved.offset, resolved.limit),
    totalBonusEvents(db, userId, resolved),
  ]);
  const sumOf = (kind: string) => totals.find((total) => total.kind === kind)?.amount ?? 0;
  return {
    ...pagingOf(
      resolved,
      totals.reduce((count, total) => count + total.rows, 0),
    ),
    rows: rows.map((row) => ({
      id: Number(row.id),
      date: iso(Number(row.created_at)),
      bonus_id: Number(row.bonus_id),
      kind: row.kind,
      wallet: row.wallet,
      amount: paiseToRupees(Number(row.amount)),
    })),
    totals: {
      granted: paiseToRupees(sumOf('grant')),
      released: paiseToRupees(sumOf('release')),
      expired: paiseToRupees(sumOf('expiry')),
    },
  };
}

/** The player's bonuses granted in the range: wallet, wagering progress, released and what remains. */
export async function readUserBonuses(
  db: Db,
  clock: Clock,
  bonuses: BonusService,
  userId: number,
  query: ReportQuery,
): Promise<DataOf<typeof userBonus>> {
  const resolved = resolveReportQuery(query, clock.now());
  const [rows, totals, remaining] = await Promise.all([
    pageUserBonuses(db, userId, resolved, resolved.offset, resolved.limit),
    totalUserBonuses(db, userId, resolved),
    bonuses.currentRemaining(db, userId),
  ]);
  return {
    ...pagingOf(resolved, totals.rows),
    rows: rows.map((row) => ({
      id: Number(row.id),
      date: iso(Number(row.created_at)),
      wallet: row.wallet,
      reason: row.reason,
      granted: paiseToRupees(Number(row.granted_amount)),
      wagering_requirement: paiseToRupees(Number(row.wagering_requirement)),
      turnover: paiseToRupees(Number(row.turnover)),
      released: paiseToRupees(Number(row.released_amount)),
      expired: paiseToRupees(Number(row.expired_amount)),
      remaining: paiseToRupees(row.status === 'active' ? (remaining.get(Number(row.id)) ?? 0) : 0),
      status: row.status,
      expires_at: iso(Number(row.expires_at)),
    })),
    totals: {
      granted: paiseToRupees(totals.granted),
      released: paiseToRupees(totals.released),
      remaining: paiseToRupees([...totals.activeIds].reduce((sum, id) => sum + (remaining.get(id) ?? 0), 0)),
    },
  };
}
