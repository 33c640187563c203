import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { endpoints } from '@/lib/api-routes';
import { queryKeys } from '@/lib/query-keys';

export const searchMatchesQuery = (search: string) =>
  queryOptions({
    queryKey: queryKeys.sports.search(search),
    queryFn: async () => {
      try {
        return (await callApi(endpoints.searchByMatchNameHeader, { search })).data;
      } catch (error) {
        // Spec §8: a failed search is logged and passed on.
        console.error('match search failed', error);
        throw error;
      }
    },
    staleTime: 10_000,
  });

/** `POST match/searchByMatchNameHeader`; asks only once there is something to look for. */
export function useMatchSearch(search: string) {
  const text = search.trim();
  return useQuery({ ...searchMatchesQuery(text), enabled: text.length >= 2 });
}
