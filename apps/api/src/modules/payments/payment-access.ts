import { canUsePayments, isPaymentGatewayOn } from '@app/shared';
import type { IdempotencyClaim } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { SettingsService } from '../settings';

/** Who is asking: the session's player, as the routes hand it to the services. */
export interface PaymentCaller {
  userId: number;
  sessionId: number | null;
  isSignupUser: boolean;
  isDemo: boolean;
  parentId: number | null;
  idempotency?: IdempotencyClaim | null;
}

/**
 * Deposits, withdrawals, identity and the payment statements are for sign-up players while the
 * operator has a gateway on (docs/payments.md, "Who may pay"). Anyone else is refused with 422
 * PAYMENTS_UNAVAILABLE, never 403: 403 would end the player's session on the site.
 */
export async function assertCanUsePayments(settings: SettingsService, caller: PaymentCaller): Promise<void> {
  const { payment_gateway: gateway } = await settings.getSettings();
  if (canUsePayments(caller, gateway)) return;
  const reason = caller.isDemo
    ? 'Demo accounts play with play money: they cannot deposit or withdraw'
    : caller.parentId === -1
      ? 'Sub accounts cannot deposit or withdraw'
      : !isPaymentGatewayOn(gateway)
        ? 'Deposits and withdrawals are not available on this site'
        : 'Deposits and withdrawals are for accounts that signed up on this site';
  throw new AppError('PAYMENTS_UNAVAILABLE', reason);
}
