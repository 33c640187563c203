import { NOTICE_POLL_MS } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { endpoints } from '@/lib/api-routes';
import { queryKeys } from '@/lib/query-keys';

export const NOTICES_QUERY_KEY = queryKeys.notices;

/** `notice/list`, asked every minute while logged in and on coming back to the tab (docs/accounts.md "Notices"). */
export function useNotices(isLoggedIn: boolean) {
  return useQuery({
    queryKey: NOTICES_QUERY_KEY,
    queryFn: async () => (await callApi(endpoints.noticeList, {})).data,
    enabled: isLoggedIn,
    refetchInterval: isLoggedIn ? NOTICE_POLL_MS : false,
    refetchOnWindowFocus: true,
  });
}

/** `notice/markRead`: every notice of the player read (the list was opened). */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi(endpoints.noticeMarkRead, {})).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY }),
  });
}
