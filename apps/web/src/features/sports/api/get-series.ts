import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { endpoints } from '@/lib/api-routes';
import { queryKeys } from '@/lib/query-keys';

/** Series change only when the feed adds fixtures or an operator hides one. */
const SERIES_STALE_MS = 60_000;

export const seriesQuery = (sportId: number) =>
  queryOptions({
    queryKey: queryKeys.sports.series(sportId),
    queryFn: async () => (await callApi(endpoints.getSeries, { sport_id: sportId, is_active: '1' })).data,
    staleTime: SERIES_STALE_MS,
  });

/** `POST series/getSeries`. */
export function useSeries(sportId: number) {
  return useQuery(seriesQuery(sportId));
}
