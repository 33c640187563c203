import type { endpoints } from '@/lib/api-routes';
import { type DataOf, type ReportQuery, type RequestOf } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const REPORT_PAGE_SIZE = 20;

type ReportEndpoint = typeof endpoints.accountStatement | typeof endpoints.bonusHistory | typeof endpoints.userBonus;

/** One page of a wallet report: the range and page are the query key, so each is cached apart. */
export function useWalletReport<E extends ReportEndpoint>(endpoint: E, query: ReportQuery) {
  return useQuery({
    queryKey: queryKeys.wallet.report(endpoint.path, query),
    queryFn: async () => (await callApi(endpoint, { ...query, limit: REPORT_PAGE_SIZE } as RequestOf<E>)).data as DataOf<E>,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
