import type { CashOutRequest, DataOf, endpoints as contract } from '@app/shared';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { endpoints } from '@/lib/api-routes';
import { refreshBets } from './bets-calls';
import { queryKeys } from '@/lib/query-keys';

/** The wallet feature's balance query (docs/wallet.md: features may ask for it again). */

/**
 * `bet/cashOut`: places `share` of the full cash out whose value the player saw. One
 * `idempotencyKey` per press, so a retry of that press is the same cash out. Then the book, the
 * open bets and the balance are read again.
 */
export async function cashOut(
  queryClient: QueryClient,
  body: CashOutRequest,
  idempotencyKey: string,
): Promise<{ data: DataOf<typeof contract.cashOut>; message: string }> {
  const result = await callApi(endpoints.cashOut, body, { idempotencyKey });
  await Promise.all([refreshBets(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.wallet.balance })]);
  return result;
}
