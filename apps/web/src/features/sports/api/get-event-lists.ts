import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { endpoints } from '@/lib/api-routes';
import { LIST_REFRESH_MS } from './get-matches';
import { queryKeys } from '@/lib/query-keys';

export const liveMatchesQuery = queryOptions({
  queryKey: queryKeys.sports.live,
  queryFn: async () => (await callApi(endpoints.getLiveMatches, {})).data,
  refetchInterval: LIST_REFRESH_MS,
});

export const upcomingMatchesQuery = queryOptions({
  queryKey: queryKeys.sports.upcoming,
  queryFn: async () => (await callApi(endpoints.getUpcomingMatches, {})).data,
  refetchInterval: LIST_REFRESH_MS,
});

/** `POST match/getLiveMatches` or `match/getUpcomingMatches`: matches across sports. */
export function useEventList(kind: 'live' | 'upcoming') {
  return useQuery(kind === 'live' ? liveMatchesQuery : upcomingMatchesQuery);
}

/** In-play matches per sport, for the sidebar's counts (shares the live page's query). */
export function useLiveCounts(): Record<number, number> {
  const { data } = useQuery({ ...liveMatchesQuery, refetchInterval: 30_000 });
  const counts: Record<number, number> = {};
  for (const row of data ?? []) counts[row.sport_id] = (counts[row.sport_id] ?? 0) + 1;
  return counts;
}
