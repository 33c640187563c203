import type { DataOf, PlacedBet, RequestOf } from '@app/shared';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
// The routes without the contract's schemas: the match page carries no zod (docs/shell.md "Speed").
import { endpoints } from '@/lib/api-routes';
import { queryKeys } from '@/lib/query-keys';

export const BET_REPORT_PAGE_SIZE = 20;
const BETS_KEY = queryKeys.bets.all;

export type PlaceRequest =
  | { kind: 'market'; body: RequestOf<typeof endpoints.placeMarketBet> }
  | { kind: 'fancy'; body: RequestOf<typeof endpoints.placeFancyBet> };

/**
 * `bet/placeMarketBet` or `bet/placeFancyBet`. `idempotencyKey` is made once per press of the
 * place button, so a retry of that press is the same bet (docs/betting.md, "Once-only").
 */
export async function placeBet(request: PlaceRequest, idempotencyKey: string): Promise<{ data: PlacedBet; message: string }> {
  const result =
    request.kind === 'market'
      ? await callApi(endpoints.placeMarketBet, request.body, { idempotencyKey })
      : await callApi(endpoints.placeFancyBet, request.body, { idempotencyKey });
  return { data: result.data, message: result.message };
}

/** After a bet: the book, the open bets and the history are read again. */
export function refreshBets(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: BETS_KEY });
}

/** `bet/getWinLossList`: the player's book in each market of the match. */
export function useWinLossList(matchId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.bets.winLoss(matchId),
    queryFn: async () => (await callApi(endpoints.getWinLossList, { match_id: matchId })).data,
    enabled: isEnabled,
    staleTime: 0,
  });
}

export function useCurrentBets(page: number) {
  return useQuery({
    queryKey: queryKeys.bets.current(page),
    queryFn: async (): Promise<DataOf<typeof endpoints.currentBets>> =>
      (await callApi(endpoints.currentBets, { page, limit: BET_REPORT_PAGE_SIZE })).data,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useBetHistory(query: { from_date: string; to_date: string; page: number; sport_id?: number }) {
  return useQuery({
    queryKey: queryKeys.bets.history(query),
    queryFn: async (): Promise<DataOf<typeof endpoints.betHistory>> =>
      (await callApi(endpoints.betHistory, { ...query, limit: BET_REPORT_PAGE_SIZE })).data,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
