import { endpoints } from '@/lib/api-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { isSportsbookAvailable } from '../model/sportsbook';
import { queryKeys } from '@/lib/query-keys';

/** The sports catalogue changes only when the operator switches a sport on or off. */
const SPORTS_STALE_MS = 5 * 60_000;

export const sportsQuery = queryOptions({
  queryKey: queryKeys.shell.sports,
  queryFn: async () => (await callApi(endpoints.getSports, {})).data,
  staleTime: SPORTS_STALE_MS,
});

/** `POST sport/getSports`: the active sports (in catalogue order) and whether the sportsbook is available. */
export function useSports() {
  const query = useQuery(sportsQuery);
  return {
    activeSports: (query.data ?? []).filter((sport) => sport.is_active === '1'),
    isLoading: query.isPending,
    // While the list loads the sportsbook counts as available, so the menu does not flicker.
    isSportsbookAvailable: query.isPending ? true : isSportsbookAvailable(query.data, query.isError),
  };
}
