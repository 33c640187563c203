import type { Db } from '../../db/database';
import { findFeedResult } from '../markets';
import type { Decision } from './settlement.service';

/** The feed's declared result of a market ('M:') or fancy line ('F:') as a settlement decision. */
export async function decisionFromFeed(db: Db, target: string): Promise<Decision | null> {
  const result = await findFeedResult(db, target);
  if (!result) return null;
  if (target.startsWith('F:')) {
    return result.result_runs === null ? { outcome: 'void' } : { outcome: 'run', run: Number(result.result_runs) };
  }
  // A market paying several runners (Place) names them all; an empty list is no result (void).
  if (result.placed_selection_ids !== null) {
    const placed = result.placed_selection_ids.split(',').filter(Boolean).map(Number);
    return placed.length ? { outcome: 'winners', winnerSelectionIds: placed } : { outcome: 'void' };
  }
  return result.winner_selection_id === null
    ? { outcome: 'void' }
    : { outcome: 'winner', winnerSelectionId: Number(result.winner_selection_id) };
}
