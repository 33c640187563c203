// Calls of the casino's own pages (game, result report), apart from the lobby's: /home does not load them.
import { DEFAULT_STAKE_BUTTONS, type ReportQuery, type StakeButton } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { endpoints } from '@/lib/api-routes';
import { queryKeys } from '@/lib/query-keys';

/** The player's Casino stake buttons (docs/product.md §9); the defaults until they load. */
export function useCasinoStakes(isEnabled: boolean): number[] {
  const query = useQuery({
    queryKey: queryKeys.casino.stakeButtons,
    queryFn: async () => JSON.parse((await callApi(endpoints.getButtonValue, {})).data) as StakeButton[],
    enabled: isEnabled,
    staleTime: 60_000,
  });
  const buttons = (query.data ?? DEFAULT_STAKE_BUTTONS).filter((button) => button.type === 'Casino');
  return buttons.map((button) => button.button_value);
}

export const CASINO_REPORT_PAGE_SIZE = 20;

export function useCasinoResult(query: ReportQuery) {
  return useQuery({
    queryKey: queryKeys.casino.result(query),
    queryFn: async () => (await callApi(endpoints.casinoResult, { ...query, limit: CASINO_REPORT_PAGE_SIZE })).data,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
