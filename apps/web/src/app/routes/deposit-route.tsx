// This module is itself a lazy chunk (lazy-pages.tsx): the deposit page and the limits come with it.
import { DepositPage, useHasCreditedDeposit } from '@/features/payments/pages';
import { DepositLimitNotice } from '@/features/responsible-play/pages';

/**
 * /deposit (payments feature) with the deposit limits it counts against, or, before a first
 * deposit without any, the prompt to set one (responsible-play feature; docs/responsible-play.md).
 */
export function DepositRoute() {
  return <DepositPage limitNotice={<DepositLimits />} />;
}

function DepositLimits() {
  const hasCredited = useHasCreditedDeposit();
  return <DepositLimitNotice hasCreditedDeposit={hasCredited.data} />;
}
