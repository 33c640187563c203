import type { PaymentMethod } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config/env';
import type { Db } from '../../../db/database';
import type { Clock } from '../../../lib/clock';

/**
 * What the platform needs from a payment gateway (docs/payments.md, "The gateway interface").
 * One adapter per provider implements it; the payments module knows nothing else about them.
 * Amounts are integer paise, the currency 'INR'.
 */
export interface PaymentGateway {
  /** Names the adapter: PAYMENT_PROVIDER, and the last segment of its callback path. */
  readonly code: string;

  /**
   * Opens a payment at the provider for one of our orders; the order id is the provider's
   * idempotency key, so asking twice for one order answers the same payment.
   */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;

  /**
   * Checks a callback's signature over its exact bytes and its freshness, then reads it.
   * Throws AppError BAD_SIGNATURE (forged, stale, unsigned) or BAD_REQUEST (signed but unreadable).
   */
  verifyCallback(callback: GatewayCallback, now: number): GatewayEvent;

  /** Asks the provider to pay a withdrawal out; idempotent per withdrawal. The result arrives by callback. */
  requestPayout(input: PayoutInput): Promise<{ providerRef: string }>;

  /** What the provider says about a payment now: for deposits whose callback never came. */
  fetchPaymentStatus(orderId: string): Promise<RemoteStatus<'pending' | 'succeeded' | 'failed' | 'abandoned' | 'unknown'>>;

  /**
   * Closes a payment the payer did not finish, so its page takes no payment any more; answers
   * its status after (a payment paid meanwhile stays `succeeded`). The reconciliation calls it
   * before it marks an order abandoned: an order counts toward the deposit limits until it can
   * no longer be paid (docs/payments.md, "Late payments").
   */
  cancelPayment(orderId: string): Promise<RemoteStatus<'succeeded' | 'failed' | 'abandoned' | 'unknown'>>;

  /** What the provider says about a payout now: for payouts whose callback never came. */
  fetchPayoutStatus(withdrawId: number): Promise<RemoteStatus<'requested' | 'paid' | 'failed' | 'unknown'>>;

  /** Anything it serves or runs itself (the sandbox: its hosted page and its callback sender). */
  start?(app: FastifyInstance): Promise<void>;
}

export interface CreatePaymentInput {
  orderId: string;
  amountPaise: number;
  currency: string;
  method: PaymentMethod;
  /** The site's page the payer comes back to (same origin), e.g. '/deposit?order_id=D…'. */
  returnPath: string;
}

export interface CreatedPayment {
  providerRef: string;
  /** The provider's hosted payment page. */
  redirectUrl: string;
}

export interface GatewayCallback {
  /** Header names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as it arrived: the signature covers these bytes. */
  rawBody: string;
}

export type GatewayEvent =
  | {
      eventId: string;
      type: 'payment.succeeded' | 'payment.failed';
      orderId: string;
      amountPaise: number;
      currency: string;
    }
  | {
      eventId: string;
      type: 'payout.paid' | 'payout.failed';
      withdrawId: number;
      amountPaise: number;
      currency: string;
    };

export interface PayoutInput {
  withdrawId: number;
  amountPaise: number;
  currency: string;
  destination: { kind: 'upi'; upiId: string } | { kind: 'bank'; accountNumber: string; ifsc: string; holderName: string };
}

export interface RemoteStatus<S extends string> {
  status: S;
  amountPaise?: number;
  currency?: string;
}

/** What an adapter is made with. */
export interface GatewayContext {
  db: Db;
  clock: Clock;
  config: AppConfig;
}

export type GatewayFactory = (context: GatewayContext) => PaymentGateway;
