import type { CasinoCategory } from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { endpoints } from '@/lib/api-routes';
import { queryKeys } from '@/lib/query-keys';

export const lobbyQuery = queryOptions({
  queryKey: queryKeys.casino.lobby,
  queryFn: async () => (await callApi(endpoints.casinoLobby, {})).data,
  staleTime: 60_000,
});

/** `casino/lobby`: categories, popular and new games, the image base and the Indian casino rule. */
export function useLobby() {
  return useQuery(lobbyQuery);
}

export function useGameList(filter: { category?: CasinoCategory; provider?: string; search?: string }, isEnabled = true) {
  return useQuery({
    queryKey: queryKeys.casino.games(filter),
    queryFn: async () => (await callApi(endpoints.casinoGameList, filter)).data,
    staleTime: 60_000,
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

/** `worldCasino/getProvidersList` (docs/product.md §7). */
export const providersQuery = queryOptions({
  queryKey: queryKeys.casino.providers,
  queryFn: async () => (await callApi(endpoints.getProvidersList, {})).data,
  staleTime: 60_000,
});

export function useProviders() {
  return useQuery(providersQuery);
}

export function useRecentGames(isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.casino.recent,
    queryFn: async () => (await callApi(endpoints.casinoRecent, {})).data,
    enabled: isEnabled,
  });
}

const favouritesKey = queryKeys.casino.favourites;

export function useFavourites(isEnabled: boolean) {
  return useQuery({
    queryKey: favouritesKey,
    queryFn: async () => (await callApi(endpoints.casinoFavourites, {})).data,
    enabled: isEnabled,
  });
}

export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { game_code: string; is_favourite: boolean }) => callApi(endpoints.casinoSetFavourite, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: favouritesKey }),
  });
}

/** `casino/launchGame`: the provider's launch address with a fresh game session token. */
export function useLaunchGame() {
  return useMutation({
    mutationFn: async (input: { game_code: string; lang: 'en' | 'hi' | 'bn' }) =>
      (await callApi(endpoints.launchGame, input)).data.url,
  });
}

/**
 * Spec §7 `gap/gaplogin`: the external sportsbook's launch address (SAP, game 550000) for a
 * logged-in player; `redirectUrl` is the site's origin. The server refuses when none is configured.
 */
export async function launchExternalSportsbook(redirectUrl: string): Promise<string> {
  const body = { providerName: 'SAP', gameId: 550000, platformId: 'desktop', lobby: false, redirectUrl } as const;
  return (await callApi(endpoints.gapLogin, body)).data.url;
}
