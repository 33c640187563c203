import { createDepositCrediting, type DepositCrediting } from './deposit-crediting';
import { createDepositOrders, type DepositOrders } from './deposit-orders';
import { createDepositReconciliation, type DepositReconciliation } from './deposit-reconciliation';
import type { DepositServiceDeps } from './deposit-support';

export { ASK_GATEWAY_WHILE_WATCHED_MS } from './deposit-orders';
export { ABANDON_AFTER_MS, RECONCILE_AFTER_MS } from './deposit-reconciliation';
export type { CallbackOutcome, DepositCheck, DepositServiceDeps, DepositToCheck, PaymentTestHooks } from './deposit-support';

/**
 * Deposits (docs/payments.md, "Deposits"): a player's orders, their crediting on the gateway's
 * word (or an operator's, for a held late payment), and the reconciliation of orders whose
 * callback never came, each a part of its own.
 */
export interface DepositService extends DepositOrders, DepositCrediting, Pick<DepositReconciliation, 'reconcile'> {}

export function createDepositService(deps: DepositServiceDeps): DepositService {
  const crediting = createDepositCrediting(deps);
  const reconciliation = createDepositReconciliation(deps, crediting);
  return {
    ...createDepositOrders(deps, reconciliation),
    ...crediting,
    reconcile: reconciliation.reconcile,
  };
}
