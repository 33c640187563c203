import type { StakeButton } from '@app/shared';
import { endpoints } from '@/lib/api-routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { refreshBalance } from './balance';
import { queryKeys } from '@/lib/query-keys';

export const buttonsQuery = queryOptions({
  queryKey: queryKeys.wallet.buttons,
  // The spec's answer: data is JSON text of the list.
  queryFn: async () => JSON.parse((await callApi(endpoints.getButtonValue, {})).data) as StakeButton[],
  staleTime: 60_000,
});

/** `user/getButtonValue`: the player's stake buttons of both types. */
export function useStakeButtons(isEnabled = true) {
  return useQuery({ ...buttonsQuery, enabled: isEnabled });
}

/** `user/setButtonValue`: saves the list; the answer carries the saved list and the server's message. */
export function useSetStakeButtons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (buttons: StakeButton[]) => callApi(endpoints.setButtonValue, buttons),
    onSuccess: ({ data }) => queryClient.setQueryData(buttonsQuery.queryKey, JSON.parse(data) as StakeButton[]),
  });
}

/** `user/updateUserWalletStatus`: 1 split, 2 wager, 0 none. */
export function useUpdateWalletStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    // The caller makes one key per click, so any retry of that click applies once.
    mutationFn: ({ status, idempotencyKey }: { status: 0 | 1 | 2; idempotencyKey: string }) =>
      callApi(endpoints.updateUserWalletStatus, { status }, { idempotencyKey }),
    onSuccess: () => refreshBalance(queryClient),
  });
}
