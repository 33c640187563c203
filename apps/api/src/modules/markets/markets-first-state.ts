import { endpoints, type PaintedCall, SPORTS } from '@app/shared';
import { AppError } from '../../lib/app-error';
import type { MarketsService } from './markets.service';

/**
 * A sports page's first data, for the server to paint into the page (docs/sports.md "The pages"):
 * `/sports/{id}` gets its series and matches, `/sports-detail/{id}` the match's markets, each as
 * the page's own first call would answer it (the same service, the contract's shape). Other
 * paths, unknown sports and hidden matches: none (the page says what it says without it).
 */
export function createSportsFirstState(markets: MarketsService): (pathname: string) => Promise<PaintedCall[] | null> {
  return async (pathname) => {
    const sport = /^\/sports\/(-?\d{1,10})$/.exec(pathname);
    if (sport) {
      const sportId = Number(sport[1]);
      if (!SPORTS.some((item) => item.sportId === sportId)) return null;
      const body = { sport_id: sportId, is_active: '1' };
      const [series, matches] = await Promise.all([markets.getSeries(sportId), markets.getMatches(sportId)]);
      return [
        { path: endpoints.getSeries.path, body, data: endpoints.getSeries.data.parse(series) },
        { path: endpoints.getMatches.path, body, data: endpoints.getMatches.data.parse(matches) },
      ];
    }
    const match = /^\/sports-detail\/(\d{1,15})$/.exec(pathname);
    if (!match) return null;
    const matchId = Number(match[1]);
    try {
      const snapshot = markets.marketsCopy(matchId) ?? (await markets.getMarkets(matchId));
      return [{ path: endpoints.getMarkets.path, body: { match_id: matchId }, data: endpoints.getMarkets.data.parse(snapshot) }];
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  };
}
