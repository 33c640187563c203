import { endpoints } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * A live table's game API (docs/casino.md, "Live tables"). The page holds the game session token of
 * its launch address and sends it with every call, as our other games do.
 */
export const liveStateKey = queryKeys.liveTable.state;

/** How often the page reads the table while the live socket is down, or while its bets are being paid. */
export const LIVE_STATE_POLL_MS = 2_000;

export function useLiveState(token: string, table: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: liveStateKey(token, table),
    queryFn: async () => {
      const sentAt = Date.now();
      const { data } = await callApi(endpoints.fairLiveState, { token, table });
      // The server's clock against ours, halfway through the call: the countdown follows the server.
      return { ...data, clockOffset: data.now - (sentAt + Date.now()) / 2 };
    },
    enabled: token.length > 0,
    refetchInterval,
    retry: false,
  });
}

export function useLiveBet(token: string, table: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { round_number: number; spot: string; stake: number }) =>
      (await callApi(endpoints.fairLiveBet, { token, table, ...input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveStateKey(token, table) }),
  });
}

export function useLiveRound(table: string, roundNumber: number) {
  return useQuery({
    queryKey: queryKeys.liveTable.round(table, roundNumber),
    queryFn: async () => (await callApi(endpoints.fairLiveRound, { table, round_number: roundNumber })).data,
    enabled: table.length > 0 && roundNumber > 0,
    retry: false,
  });
}

/** The table's published round chains (public), newest first. */
export function useTableChains(table: string) {
  return useQuery({
    queryKey: queryKeys.liveTable.chains(table),
    queryFn: async () => (await callApi(endpoints.fairRoundChains, { game: table })).data.chains,
    enabled: table.length > 0,
    staleTime: 60_000,
  });
}
