import type { ActivityEvent } from '@app/shared';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { recordActivity } from '../activity';
import type { Money } from '../money';
import type { ClientInfo } from '../sessions';
import type { DepositHistory } from './rg.guard';
import { insertEvent } from './rg.repository';

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

export const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs).toISOString());
const actorName = (actor: RgActor) => (actor.kind === 'player' ? 'player' : `operator:${actor.name}`);

/** The history row of a change, and the player's activity log entry when the player made it. */
export async function recordRgChange(
  clock: Clock,
  tx: Tx,
  userId: number,
  action: string,
  detail: string,
  actor: RgActor,
  event: ActivityEvent,
) {
  await insertEvent(tx, {
    user_id: userId,
    action,
    detail: detail.slice(0, 400),
    actor: actorName(actor),
    created_at: clock.now(),
  });
  if (actor.kind === 'player') await recordActivity(tx, clock, { userId, event, client: actor.client });
}
