import { endpoints } from '@/lib/api-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface ActivityLogQuery {
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
  page: number;
}

export function activityLogQuery(query: ActivityLogQuery) {
  return queryOptions({
    queryKey: queryKeys.activityLog(query),
    queryFn: async () => (await callApi(endpoints.getActivityLog, query)).data,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** `report/activityLog`: the player's own logins, logouts and password events, newest first. */
export function useActivityLog(query: ActivityLogQuery) {
  return useQuery(activityLogQuery(query));
}
