import { type DataOf, MAX_REPORT_RANGE_DAYS, type ReportQuery, type RequestOf } from '@app/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toIsoDate } from '@/components/ui';
import { callApi, callApiForm } from '@/lib/api-client';
import { endpoints } from '@/lib/api-routes';
import { OUTCOME_POLL_MS } from '../model/payment-model';
import { queryKeys } from '@/lib/query-keys';

/** The header balance's query key (features/wallet): a credit or a hold changes it. */
export const REPORT_PAGE_SIZE = 20;

/** `payment/createDeposit`: one Idempotency-Key per submit, so a retried click opens one order. */
export function useCreateDeposit() {
  return useMutation({
    mutationFn: ({
      amount,
      method,
      idempotencyKey,
    }: {
      amount: number;
      method: 'upi' | 'card' | 'netbanking';
      idempotencyKey: string;
    }) => callApi(endpoints.createDeposit, { amount, method }, { idempotencyKey }),
  });
}

/** `payment/getDeposit`, asked again every few seconds while the order is pending and `isPolling`. */
export function useDeposit(orderId: string | null, isPolling: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.payments.deposit(orderId),
    queryFn: async () => {
      const { data } = await callApi(endpoints.getDeposit, { order_id: orderId ?? '' });
      if (data.status === 'credited') void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.balance });
      return data;
    },
    enabled: orderId !== null,
    refetchInterval: (query) => (isPolling && query.state.data?.status === 'pending' ? OUTCOME_POLL_MS : false),
    retry: false,
  });
}

export function useKycStatus() {
  return useQuery({ queryKey: queryKeys.payments.kyc, queryFn: async () => (await callApi(endpoints.kycStatus, {})).data });
}

/** `kyc/submit` as multipart/form-data: the name, the date of birth and the document file. */
export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: { legalName: string; dateOfBirth: string; document: File }) => {
      const form = new FormData();
      form.set('legal_name', fields.legalName);
      form.set('date_of_birth', fields.dateOfBirth);
      form.set('document', fields.document);
      return callApiForm(endpoints.kycSubmit, form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.payments.kyc }),
  });
}

export function useDestinations() {
  return useQuery({
    queryKey: queryKeys.payments.destinations,
    queryFn: async () => (await callApi(endpoints.getDestinations, {})).data.destinations,
  });
}

export function useAddDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Parameters<typeof callApi<typeof endpoints.addDestination>>[1]) => callApi(endpoints.addDestination, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.payments.destinations }),
  });
}

export function useWithdrawInfo() {
  return useQuery({
    queryKey: queryKeys.payments.withdrawInfo,
    queryFn: async () => (await callApi(endpoints.getWithdrawInfo, {})).data,
  });
}

function useAfterWithdrawal() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.payments.withdrawInfo });
    void queryClient.invalidateQueries({ queryKey: queryKeys.payments.reports });
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.balance });
  };
}

/** `payment/requestWithdraw`: the money is held at once. */
export function useRequestWithdraw() {
  const refresh = useAfterWithdrawal();
  return useMutation({
    mutationFn: ({ amount, destinationId, idempotencyKey }: { amount: number; destinationId: number; idempotencyKey: string }) =>
      callApi(endpoints.requestWithdraw, { amount, destination_id: destinationId }, { idempotencyKey }),
    onSuccess: refresh,
  });
}

export function useCancelWithdraw() {
  const refresh = useAfterWithdrawal();
  return useMutation({
    mutationFn: ({ withdrawId, idempotencyKey }: { withdrawId: number; idempotencyKey: string }) =>
      callApi(endpoints.cancelWithdraw, { withdraw_id: withdrawId }, { idempotencyKey }),
    onSuccess: refresh,
  });
}

type StatementEndpoint = typeof endpoints.depositStatement | typeof endpoints.withdrawStatement;

/** One page of a payment statement; the range and page are the query key. */
export function usePaymentStatement<E extends StatementEndpoint>(endpoint: E, query: ReportQuery) {
  return useQuery({
    queryKey: queryKeys.payments.report(endpoint.path, query),
    queryFn: async () => (await callApi(endpoint, { ...query, limit: REPORT_PAGE_SIZE } as RequestOf<E>)).data as DataOf<E>,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the player has a credited deposit, over the statement's longest range (366 days up to
 * today): /deposit prompts a player without one to set a deposit limit (docs/responsible-play.md).
 */
export function useHasCreditedDeposit() {
  return useQuery({
    queryKey: queryKeys.payments.hasCreditedDeposit,
    queryFn: async () => {
      const today = new Date();
      const { data } = await callApi(endpoints.depositStatement, {
        from_date: toIsoDate(new Date(today.getTime() - (MAX_REPORT_RANGE_DAYS - 1) * DAY_MS)),
        to_date: toIsoDate(today),
        limit: 1,
      });
      return data.totals.credited > 0;
    },
  });
}
