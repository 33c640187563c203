import type { GatewayContext, GatewayFactory, PaymentGateway } from './payment-gateway';
import { createSandboxGateway, SANDBOX_CODE } from './sandbox-gateway';

/**
 * Every adapter this build has, by its PAYMENT_PROVIDER code. A real provider is one adapter file
 * beside the sandbox's and one line here (docs/payments.md, "Adding a provider").
 */
const GATEWAYS: Readonly<Record<string, GatewayFactory>> = {
  [SANDBOX_CODE]: createSandboxGateway,
};

/** The configured gateway; an unknown code stops start-up with the ones there are. */
export function createGateway(context: GatewayContext): PaymentGateway {
  const code = context.config.PAYMENT_PROVIDER;
  const factory = GATEWAYS[code];
  if (!factory) {
    throw new Error(`PAYMENT_PROVIDER=${code} is not a gateway of this build (known: ${Object.keys(GATEWAYS).join(', ')})`);
  }
  return factory(context);
}
