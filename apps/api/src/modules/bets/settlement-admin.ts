import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findFancySummary, findMarketSummary, listRunners } from '../markets';
import type { Decision } from './settlement.service';

/**
 * An operator's result for a market, checked as the CLI's `market result` checks it: the market
 * exists, every winner is one of its runners, none twice, and exactly as many as it pays.
 */
export async function marketDecision(db: Db, marketId: string, winners: number[]): Promise<Decision> {
  const market = await findMarketSummary(db, marketId);
  if (!market) throw new AppError('NOT_FOUND', `No market has id ${marketId}`);
  const places = Number(market.number_of_winners ?? 1);
  if (new Set(winners).size !== winners.length) throw new AppError('BAD_REQUEST', 'A runner is named twice');
  if (winners.length !== places) {
    throw new AppError(
      'BAD_REQUEST',
      `Market ${marketId} pays ${places} runner${places === 1 ? '' : 's'}: name exactly that many`,
    );
  }
  const runners = await listRunners(db, marketId);
  for (const winner of winners) {
    if (!runners.some((runner) => runner.selection_id === winner)) {
      throw new AppError('BAD_REQUEST', `Selection ${winner} is not a runner of market ${marketId}`);
    }
  }
  const [first] = winners;
  return places === 1 && first !== undefined
    ? { outcome: 'winner', winnerSelectionId: first }
    : { outcome: 'winners', winnerSelectionIds: winners };
}

export async function assertMarket(db: Db, marketId: string): Promise<void> {
  if (!(await findMarketSummary(db, marketId))) throw new AppError('NOT_FOUND', `No market has id ${marketId}`);
}

export async function assertFancy(db: Db, fancyId: number): Promise<void> {
  if (!(await findFancySummary(db, fancyId))) throw new AppError('NOT_FOUND', `No fancy line has id ${fancyId}`);
}
