import { endpoints } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Our own provider's game API. The game page holds the game session token of its launch address
 * and sends it with every call, as any provider's game client would.
 */
const stateKey = queryKeys.fair.state;

export function useFairState(token: string, gameCode: string) {
  return useQuery({
    queryKey: stateKey(token, gameCode),
    queryFn: async () => (await callApi(endpoints.fairState, { token, game_code: gameCode })).data,
    enabled: token.length > 0 && gameCode !== 'crash',
    retry: false,
  });
}

export function useFairPlay(token: string, gameCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { stake: number; params: Record<string, unknown> }) =>
      (await callApi(endpoints.fairPlay, { token, game_code: gameCode, ...input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stateKey(token, gameCode) }),
  });
}

/** Rotation: the old server seed is revealed; `clientSeed` plays with the committed next one. */
export function useRotateSeed(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string) => callApi(endpoints.fairRotateSeed, { token, client_seed: clientSeed }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.fair.all }),
  });
}

export function useFairRound(roundUuid: string | undefined) {
  return useQuery({
    queryKey: queryKeys.fair.round(roundUuid),
    queryFn: async () => (await callApi(endpoints.fairRound, { round_uuid: roundUuid ?? '' })).data,
    enabled: Boolean(roundUuid),
    retry: false,
  });
}

export function useCrashRound(roundNumber: number | undefined) {
  return useQuery({
    queryKey: queryKeys.fair.crashRound(roundNumber),
    queryFn: async () => (await callApi(endpoints.fairCrashRound, { round_number: roundNumber ?? 0 })).data,
    enabled: roundNumber !== undefined,
    retry: false,
  });
}

/** The published Crash chains (public): the one in play and those queued after it. */
export function useCrashChains() {
  return useQuery({
    queryKey: queryKeys.fair.crashChains,
    queryFn: async () => (await callApi(endpoints.fairCrashChains, {})).data.chains,
    staleTime: 60_000,
  });
}

export const CRASH_POLL_MS = 1_000;

export function useCrashState(token: string) {
  return useQuery({
    queryKey: queryKeys.fair.crash(token),
    queryFn: async () => {
      const { data } = await callApi(endpoints.fairCrashState, { token });
      // When it arrived on our clock: the page draws from the server's (model/crash-flight.ts).
      return { ...data, receivedAt: Date.now() };
    },
    enabled: token.length > 0,
    refetchInterval: CRASH_POLL_MS,
    retry: false,
  });
}

export function useCrashBet(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { stake: number; auto_cashout?: number }) =>
      (await callApi(endpoints.fairCrashBet, { token, ...input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.fair.crash(token) }),
  });
}

/** Cashes out at `at`, the multiplier the button showed (docs/casino.md "Crash on the screen"). */
export function useCrashCashout(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (at: number) => (await callApi(endpoints.fairCrashCashout, { token, at })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.fair.crash(token) }),
  });
}

/** Any shared-round game's published chains (public): Crash's or a live table's. */
export function useRoundChains(game: string) {
  return useQuery({
    queryKey: queryKeys.fair.roundChains(game),
    queryFn: async () => (await callApi(endpoints.fairRoundChains, { game })).data.chains,
    staleTime: 60_000,
  });
}
