import { createWithdrawalDestinations, type WithdrawalDestinations } from './withdrawal-destinations';
import { createWithdrawalPayouts, type WithdrawalPayouts } from './withdrawal-payouts';
import { createWithdrawalRequests, type WithdrawalRequests } from './withdrawal-requests';
import { createWithdrawalReview, type WithdrawalReview } from './withdrawal-review';
import type { WithdrawalServiceDeps } from './withdrawal-support';

export { type NewDestination } from './withdrawal-destinations';
export { PAYOUT_JOB } from './withdrawal-payouts';
export { destinationLabel, toWithdrawRow, type WithdrawalServiceDeps } from './withdrawal-support';

/**
 * Withdrawals (docs/payments.md, "Withdrawals"): a player's destinations and requests, an
 * operator's review, and the payout through the gateway, each a part of its own.
 */
export interface WithdrawalService extends WithdrawalDestinations, WithdrawalRequests, WithdrawalReview, WithdrawalPayouts {}

export function createWithdrawalService(deps: WithdrawalServiceDeps): WithdrawalService {
  return {
    ...createWithdrawalDestinations(deps),
    ...createWithdrawalRequests(deps),
    ...createWithdrawalReview(deps),
    ...createWithdrawalPayouts(deps),
  };
}
