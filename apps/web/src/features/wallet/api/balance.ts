import { BALANCE_POLL_MS, type Balance } from '@app/shared';
import { endpoints } from '@/lib/api-routes';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { storageKeys } from '@/lib/storage';
import { queryKeys } from '@/lib/query-keys';

export const BALANCE_QUERY_KEY = queryKeys.wallet.balance;

/** The exposure the site last saw, kept in session storage (docs/product.md §3), to paint before the first answer. */
export function storedExposure(): number | undefined {
  const raw = sessionStorage.getItem(storageKeys.exposure);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

export const balanceQuery = queryOptions({
  queryKey: BALANCE_QUERY_KEY,
  queryFn: async (): Promise<Balance> => {
    const { data } = await callApi(endpoints.getUserBalance, {});
    sessionStorage.setItem(storageKeys.exposure, String(data.exposure));
    return data;
  },
  staleTime: 0,
});

/** `user/getUserBalance`, polled every 5 s while logged in (docs/product.md §9). */
export function useBalance(isLoggedIn: boolean) {
  return useQuery({ ...balanceQuery, enabled: isLoggedIn, refetchInterval: isLoggedIn ? BALANCE_POLL_MS : false });
}

/** The same balance without a poll of its own (for places open only briefly, like the menu). */
export function useBalanceSnapshot(isLoggedIn: boolean) {
  return useQuery({ ...balanceQuery, enabled: isLoggedIn });
}

/** Asks for a fresh balance now: after anything the player does that moves money. */
export function refreshBalance(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
}
