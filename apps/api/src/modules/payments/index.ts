/** The payments module's public face (docs/payments.md). */
export { createPaymentsModule, type PaymentsModule, type PaymentsModuleDeps } from './payments.module';
export type { CallbackOutcome, DepositCheck, PaymentTestHooks } from './deposits.service';
export type { GatewayEvent, PaymentGateway } from './gateway/payment-gateway';
export { SANDBOX_SIGNATURE_HEADER, sandboxSignature } from './gateway/sandbox-signature';
export { paymentCommands } from './payments.cli';
export { sumDepositsSince } from './payments.repository';
/** The operator console's reads of payments and identity (docs/console.md). */
export {
  contradictingPayouts,
  dailyPayments,
  listWithdrawalsByIds,
  pageDepositsForOperator,
  pageWithdrawalsForOperator,
} from './operator-reads.repository';
export { latestKycSubmission } from './payments.repository';
