import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  deleteSuspension,
  findFancyRecord,
  findMarketRecord,
  insertSuspension,
  listFixturesForOperator,
  updateMatchActive,
  updateSeriesActive,
} from './markets.repository';

export type SuspendTarget = { marketId: string } | { fancyId: number };

/**
 * What operators do to the feed's offer: suspend or resume a market or fancy line, hide or show
 * a series or a match. Every API instance sees a change within its cache time (1–2 s).
 */
export function createMarketsAdmin(db: Db, clock: Clock) {
  const resolve = async (target: SuspendTarget): Promise<{ key: string; matchId: number; label: string }> => {
    if ('marketId' in target) {
      const market = await findMarketRecord(db, target.marketId);
      if (!market) throw new AppError('NOT_FOUND', `No market has id ${target.marketId}`);
      return { key: `M:${market.market_id}`, matchId: market.match_id, label: `market ${market.market_id}` };
    }
    const fancy = await findFancyRecord(db, target.fancyId);
    if (!fancy) throw new AppError('NOT_FOUND', `No fancy line has id ${target.fancyId}`);
    return { key: `F:${fancy.fancy_id}`, matchId: fancy.match_id, label: `fancy ${fancy.fancy_id}` };
  };

  return {
    listFixtures: (sportId: number | undefined, limit: number) => listFixturesForOperator(db, sportId, limit),

    async suspend(target: SuspendTarget): Promise<string> {
      const { key, matchId, label } = await resolve(target);
      await insertSuspension(db, key, matchId, clock.now());
      return label;
    },

    async resume(target: SuspendTarget): Promise<string> {
      const { key, label } = await resolve(target);
      if ((await deleteSuspension(db, key)) === 0) throw new AppError('CONFLICT', `${label} is not suspended by an operator`);
      return label;
    },

    async setSeriesActive(seriesId: number, isActive: boolean): Promise<void> {
      if ((await updateSeriesActive(db, seriesId, isActive)) === 0)
        throw new AppError('NOT_FOUND', `No series has id ${seriesId}`);
    },

    async setMatchActive(matchId: number, isActive: boolean): Promise<void> {
      if ((await updateMatchActive(db, matchId, isActive)) === 0) throw new AppError('NOT_FOUND', `No match has id ${matchId}`);
    },
  };
}
