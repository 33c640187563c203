import type { PauseKind, RgLimitKind, RgPeriod } from '@app/shared';
import type { Generated, Selectable } from 'kysely';

/** A limit in effect (`amount`), and a raise or removal waiting for its cool-off. Paise. */
export interface RgLimitsTable {
  user_id: number;
  kind: RgLimitKind;
  period: RgPeriod;
  amount: number | null;
  pending_amount: number | null;
  /** 1: the pending change removes the limit. */
  pending_removal: number;
  /** When the pending change may be confirmed. */
  pending_from: number | null;
  updated_at: number;
}

export interface RgControlsTable {
  user_id: number;
  reality_check_minutes: number;
  session_limit_minutes: number;
  updated_at: number;
}

export interface RgPausesTable {
  id: Generated<number>;
  user_id: number;
  kind: PauseKind;
  started_at: number;
  /** null: permanent. */
  until: number | null;
  return_requested_at: number | null;
}

/** Stakes and net losses per player and hour (epoch hours), for the rolling windows. Paise. */
export interface RgUsageTable {
  user_id: number;
  kind: 'stake' | 'loss';
  hour: number;
  amount: number;
}

/**
 * What the check every stake passes needs, in one row: the stake and loss limits in effect and
 * the pause. Written with every change of the rows it sums up.
 */
export interface RgStateTable {
  user_id: number;
  stake_day: number | null;
  stake_week: number | null;
  stake_month: number | null;
  loss_day: number | null;
  loss_week: number | null;
  loss_month: number | null;
  pause_kind: PauseKind | null;
  paused_from: number | null;
  /** With a pause kind: null is permanent, or until the player asks to return. */
  paused_until: number | null;
  updated_at: number;
}

/** Every change, by whom: the player, an operator (`operator:{name}`) or the system. */
export interface RgEventsTable {
  id: Generated<number>;
  user_id: number;
  action: string;
  detail: string;
  actor: string;
  created_at: number;
}

export type RgLimitRow = Selectable<RgLimitsTable>;
export type RgPauseRow = Selectable<RgPausesTable>;
export type RgStateRow = Selectable<RgStateTable>;

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    rg_limits: RgLimitsTable;
    rg_controls: RgControlsTable;
    rg_pauses: RgPausesTable;
    rg_usage: RgUsageTable;
    rg_state: RgStateTable;
    rg_events: RgEventsTable;
  }
}
