import { type BookPosition, EMPTY_POSITION, type PositionChange } from '@app/shared';
import type { Db } from '../../db/database';
import { numberSentinel, reusableQuery, reusableStatement, textSentinel } from '../../db/reusable-query';

/*
 * A player's running position per market target (docs/betting.md, "Running position"). Placement
 * reads it and adds its bet to it in the bet's transaction, under the player's lock: one row and
 * a row per runner or fancy rung, however many bets came before. Compiled once (reusableQuery).
 */

const selectPosition = reusableQuery(
  (db: Db, userId: number, target: string) =>
    db
      .selectFrom('bet_positions as p')
      .leftJoin('bet_position_steps as s', (join) => join.onRef('s.user_id', '=', 'p.user_id').onRef('s.target', '=', 'p.target'))
      .select(['p.baseline', 's.step_key', 's.amount'])
      .where('p.user_id', '=', userId)
      .where('p.target', '=', target),
  [numberSentinel(0), textSentinel(1)] as const,
);

/** The player's position in the target; empty before their first bet there. */
export async function findPosition(db: Db, userId: number, target: string): Promise<BookPosition> {
  const rows = await selectPosition(db, userId, target);
  const [first] = rows;
  if (!first) return EMPTY_POSITION;
  const steps = new Map<number, number>();
  for (const row of rows) if (row.step_key !== null) steps.set(Number(row.step_key), Number(row.amount));
  return { baseline: Number(first.baseline), steps };
}

const addToBaseline = reusableStatement(
  (db: Db, userId: number, target: string, delta: number, now: number) =>
    db
      .insertInto('bet_positions')
      .values({ user_id: userId, target, baseline: delta, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['user_id', 'target']).doUpdateSet((eb) => ({
          baseline: eb('bet_positions.baseline', '+', eb.ref('excluded.baseline')),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      ),
  [numberSentinel(0), textSentinel(1), numberSentinel(2), numberSentinel(3)] as const,
);

const addToStep = reusableStatement(
  (db: Db, userId: number, target: string, stepKey: number, delta: number) =>
    db
      .insertInto('bet_position_steps')
      .values({ user_id: userId, target, step_key: stepKey, amount: delta })
      .onConflict((oc) =>
        oc.columns(['user_id', 'target', 'step_key']).doUpdateSet((eb) => ({
          amount: eb('bet_position_steps.amount', '+', eb.ref('excluded.amount')),
        })),
      ),
  [numberSentinel(0), textSentinel(1), numberSentinel(2), numberSentinel(3)] as const,
);

/** Adds one bet's change to the player's position (the caller holds the player's lock). */
export async function addToPosition(db: Db, userId: number, target: string, change: PositionChange, now: number): Promise<void> {
  await addToBaseline(db, userId, target, change.baselineDelta, now);
  await addToStep(db, userId, target, change.stepKey, change.stepDelta);
}
