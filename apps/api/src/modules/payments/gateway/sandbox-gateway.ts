import type { GatewayContext, PaymentGateway } from './payment-gateway';
import { createSandboxCallbacks } from './sandbox-callbacks';
import { createSandboxPayments } from './sandbox-payments';
import { createSandboxPayouts } from './sandbox-payouts';
import { SANDBOX_CODE } from './sandbox-support';
import { ensureGatewaySecret } from './sandbox.repository';

export { type SandboxCallbackBody } from './sandbox-callbacks';
export { SANDBOX_PAYMENT_WINDOW_MS } from './sandbox-payments';
export { SANDBOX_PAYOUT_DELAY_MS } from './sandbox-payouts';
export { SANDBOX_CALLBACK_PATH, SANDBOX_CODE } from './sandbox-support';

/**
 * The built-in sandbox gateway (docs/payments.md, "The sandbox"): a hosted payment page served by
 * this process under /sandbox-pay/, signed callbacks sent with retries and back-off as durable
 * jobs, and payouts paid a few seconds after they are asked for. It behaves like a real provider
 * and keeps its own books (sandbox_payments, sandbox_payouts); no money is real.
 */
export function createSandboxGateway(context: GatewayContext): PaymentGateway {
  const { db, clock, config } = context;
  let secret = config.PAYMENT_SANDBOX_SECRET;

  function requireSecret(): string {
    if (!secret) throw new Error('The sandbox gateway was not started (its secret is not loaded)');
    return secret;
  }

  const payments = createSandboxPayments(context);
  const callbacks = createSandboxCallbacks(context, requireSecret);
  const payouts = createSandboxPayouts(context);

  return {
    code: SANDBOX_CODE,
    createPayment: payments.createPayment,
    verifyCallback: callbacks.verifyCallback,
    requestPayout: payouts.requestPayout,
    fetchPaymentStatus: payments.fetchPaymentStatus,
    cancelPayment: payments.cancelPayment,
    fetchPayoutStatus: payouts.fetchPayoutStatus,

    async start(app) {
      secret ??= await ensureGatewaySecret(db, SANDBOX_CODE, clock.now());
      payments.registerPage(app);
      callbacks.handleCallbackJob(app);
      payouts.handlePayoutJob(app);
    },
  };
}
