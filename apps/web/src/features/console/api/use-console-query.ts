import type { DataOf, Endpoint, RequestOf } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callConsole } from '../lib/console-api';
import { queryKeys } from '@/lib/query-keys';

/** Reads one console endpoint, keyed by its path and request, keeping the last answer while the next loads. */
export function useConsoleQuery<E extends Endpoint>(
  endpoint: E,
  body: RequestOf<E>,
  options: { enabled?: boolean; refetchMs?: number } = {},
) {
  return useQuery<DataOf<E>>({
    queryKey: queryKeys.console.endpoint(endpoint.path, body),
    queryFn: async ({ signal }) => (await callConsole(endpoint, body, { signal })).data,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    ...(options.refetchMs ? { refetchInterval: options.refetchMs } : {}),
  });
}
