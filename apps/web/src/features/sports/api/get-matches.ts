import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { endpoints } from '@/lib/api-routes';
import { queryKeys } from '@/lib/query-keys';

/** List rows carry prices: they refresh this often while the page is open. */
export const LIST_REFRESH_MS = 5_000;

export const matchesQuery = (sportId: number, seriesId: number | undefined) =>
  queryOptions({
    queryKey: queryKeys.sports.matches(sportId, seriesId ?? 'all'),
    queryFn: async () =>
      (
        await callApi(endpoints.getMatches, {
          sport_id: sportId,
          is_active: '1',
          ...(seriesId === undefined ? {} : { series_id: seriesId }),
        })
      ).data,
    refetchInterval: LIST_REFRESH_MS,
    // An answer asked for with the page's code (app/route-data.ts) is not asked for again on mount.
    staleTime: LIST_REFRESH_MS,
  });

/** `POST match/getMatches`: the sport's (or one series') matches, in-play first. */
export function useMatches(sportId: number, seriesId: number | undefined) {
  return useQuery({ ...matchesQuery(sportId, seriesId), placeholderData: keepPreviousData });
}
