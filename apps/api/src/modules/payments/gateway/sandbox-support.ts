/** The sandbox's gateway code (docs/payments.md, "The sandbox"): PAYMENT_PROVIDER=sandbox. */
export const SANDBOX_CODE = 'sandbox';
export const SANDBOX_CALLBACK_PATH = `/api/payment/callback/${SANDBOX_CODE}`;
