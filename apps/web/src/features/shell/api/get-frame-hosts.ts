import { queryOptions, useQuery } from '@tanstack/react-query';
import { frameHostsFromCsp } from '../model/sportsbook-frame-url';
import { queryKeys } from '@/lib/query-keys';

/**
 * The sportsbook hosts the operator allows are the server's single source of truth
 * (SPORTSBOOK_ALLOWED_HOSTS → the CSP frame-src). The page reads them back from its own CSP
 * header, so the client never frames what the browser would block, and no list is duplicated.
 */
export const frameHostsQuery = queryOptions({
  queryKey: queryKeys.shell.frameHosts,
  queryFn: async () => {
    const response = await fetch('/', { method: 'GET', cache: 'no-store', headers: { accept: 'text/html' } });
    return frameHostsFromCsp(response.headers.get('content-security-policy'));
  },
  staleTime: Infinity,
});

export function useFrameHosts() {
  return useQuery(frameHostsQuery);
}
