import type { RequestOf, RgState } from '@app/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { endpoints } from '@/lib/api-routes';
import { readSessionClock, type SessionClock } from '../model/session-clock';
import { queryKeys } from '@/lib/query-keys';

/** The player's limits, session controls and pause (`rg/getLimits`). */
export const RG_LIMITS_KEY = queryKeys.rg.limits;
/** The session clock on the server's time (`rg/session`). */
export const RG_SESSION_KEY = queryKeys.rg.session;

export function useRgLimits(isEnabled = true) {
  return useQuery({
    queryKey: RG_LIMITS_KEY,
    queryFn: async (): Promise<RgState> => (await callApi(endpoints.rgGetLimits, {})).data,
    enabled: isEnabled,
    // What a window has used changes with every bet: each visit asks again.
    staleTime: 0,
  });
}

/** Every change answers the whole new state: the page shows it without asking again. */
function keepState(queryClient: QueryClient, data: RgState): void {
  queryClient.setQueryData(RG_LIMITS_KEY, data);
}

export function useSetLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof endpoints.rgSetLimit>) => callApi(endpoints.rgSetLimit, body),
    onSuccess: ({ data }) => keepState(queryClient, data),
  });
}

export function useConfirmLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof endpoints.rgConfirmLimit>) => callApi(endpoints.rgConfirmLimit, body),
    onSuccess: ({ data }) => keepState(queryClient, data),
  });
}

export function useSetSessionControls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof endpoints.rgSetSessionControls>) => callApi(endpoints.rgSetSessionControls, body),
    onSuccess: ({ data }) => {
      keepState(queryClient, data);
      // The reality check and the time limit of this session changed with them.
      void queryClient.invalidateQueries({ queryKey: RG_SESSION_KEY });
    },
  });
}

/** `rg/pause`: the server ends every session of the player at once, this one too. */
export function usePause() {
  return useMutation({ mutationFn: (body: RequestOf<typeof endpoints.rgPause>) => callApi(endpoints.rgPause, body) });
}

export function useRequestReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(endpoints.rgRequestReturn, {}),
    onSuccess: ({ data }) => keepState(queryClient, data),
  });
}

/** `rg/session` with the browser's clock around it, so the clock runs on the server's time. */
async function fetchSessionClock(): Promise<SessionClock> {
  const sentAt = Date.now();
  const { data } = await callApi(endpoints.rgSession, {});
  return readSessionClock(data, sentAt, Date.now());
}

/** The session clock; asked again every `refetchMs` (another tab may have continued or changed the controls). */
export function useSessionClock(isEnabled: boolean, refetchMs: number | false) {
  return useQuery({
    queryKey: RG_SESSION_KEY,
    queryFn: fetchSessionClock,
    enabled: isEnabled,
    staleTime: 0,
    refetchInterval: refetchMs,
  });
}

/** `rg/continueSession`: the next reality check is one interval from now. */
export function useContinueSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const sentAt = Date.now();
      const { data } = await callApi(endpoints.rgContinueSession, {});
      return readSessionClock(data, sentAt, Date.now());
    },
    onSuccess: (clock) => queryClient.setQueryData(RG_SESSION_KEY, clock),
  });
}
