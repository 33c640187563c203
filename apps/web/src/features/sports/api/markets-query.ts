import type { MarketsSnapshot } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { endpoints } from '@/lib/api-routes';
import { queryKeys } from '@/lib/query-keys';

/**
 * `POST market/getMarkets`, the match page's snapshot. On its own (no live socket, no zod), so the
 * app can ask for it while the match page's code is still on its way (app/route-data.ts).
 */
export const marketsQuery = (matchId: number) =>
  queryOptions({
    queryKey: queryKeys.sports.markets(matchId),
    queryFn: async ({ client, queryKey }) => {
      const fresh = (await callApi(endpoints.getMarkets, { match_id: matchId })).data;
      // A live delta may have moved the page past this answer while it was on its way.
      const held = client.getQueryData<MarketsSnapshot>(queryKey);
      return held && held.seq > fresh.seq ? held : fresh;
    },
    // An answer asked for with the page's code is not asked for again on mount; the live socket's
    // subscription asks for a fresh one anyway (get-markets.ts).
    staleTime: 2_000,
    retry: (count, error) => count < 2 && !('status' in error && (error as { status: number }).status === 404),
  });
