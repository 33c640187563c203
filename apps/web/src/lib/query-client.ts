import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The site's query client, and the console's with `staleTimeMs: 0` (an operator acts on what the
 * screen shows: every screen opened asks the server again).
 */
export function createQueryClient({ staleTimeMs = 30_000 }: { staleTimeMs?: number } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: staleTimeMs,
        refetchOnWindowFocus: false,
        // A refusal will not change on retry; a network blip might.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status > 0) && failureCount < 2,
      },
    },
  });
}
