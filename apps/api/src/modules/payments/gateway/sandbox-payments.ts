import { PAYMENT_METHODS, type PaymentMethod } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { writeTransaction } from '../../../db/unit-of-work';
import { AppError } from '../../../lib/app-error';
import { randomHex } from '../../../lib/ids';
import type { GatewayContext, PaymentGateway } from './payment-gateway';
import { enqueueSandboxCallback } from './sandbox-callbacks';
import {
  renderCheckout,
  renderDecided,
  renderExpired,
  renderNotFound,
  SANDBOX_CSS,
  SANDBOX_PAGE_PREFIX,
  SANDBOX_STYLESHEET,
} from './sandbox-page';
import {
  closeSandboxPayment,
  createSandboxPayment,
  decideSandboxPayment,
  findSandboxPaymentByOrder,
  findSandboxPaymentByToken,
} from './sandbox.repository';

/**
 * How long the payer has on the sandbox's page; after it the payment can no longer be made (as a
 * real provider's payment link expires). The platform abandons an order after as long.
 */
export const SANDBOX_PAYMENT_WINDOW_MS = 60 * 60_000;

/** The sandbox's payments: opened for an order, paid (or not) on its hosted page, asked about and closed. */
export interface SandboxPayments extends Pick<PaymentGateway, 'createPayment' | 'fetchPaymentStatus' | 'cancelPayment'> {
  /** Serves the hosted page under /sandbox-pay/ (docs/payments.md, "The sandbox"). */
  registerPage(app: FastifyInstance): void;
}

export function createSandboxPayments({ db, clock, config }: GatewayContext): SandboxPayments {
  const isExpired = (payment: { created_at: number }) => Number(payment.created_at) <= clock.now() - SANDBOX_PAYMENT_WINDOW_MS;

  return {
    async createPayment({ orderId, amountPaise, currency, method, returnPath }) {
      if (config.NODE_ENV === 'production' && config.PAYMENT_SANDBOX_IN_PRODUCTION !== '1') {
        throw new AppError(
          'PAYMENTS_UNAVAILABLE',
          'Deposits are not available: the sandbox gateway takes no payments in production',
        );
      }
      const now = clock.now();
      const payment = await createSandboxPayment(db, {
        token: randomHex(16),
        order_id: orderId,
        amount: amountPaise,
        currency,
        method,
        status: 'created',
        return_path: returnPath,
        created_at: now,
        updated_at: now,
      });
      return { providerRef: `sbx_${payment.order_id}`, redirectUrl: `${SANDBOX_PAGE_PREFIX}/${payment.token}` };
    },

    async fetchPaymentStatus(orderId) {
      const payment = await findSandboxPaymentByOrder(db, orderId);
      if (!payment) return { status: 'unknown' };
      const status = payment.status === 'created' ? 'pending' : payment.status;
      return { status, amountPaise: Number(payment.amount), currency: payment.currency };
    },

    async cancelPayment(orderId) {
      await closeSandboxPayment(db, orderId, clock.now());
      const payment = await findSandboxPaymentByOrder(db, orderId);
      if (!payment) return { status: 'unknown' };
      return {
        status: payment.status === 'created' ? 'abandoned' : payment.status,
        amountPaise: Number(payment.amount),
        currency: payment.currency,
      };
    },

    registerPage(app) {
      void app.register(async (scope) => {
        // The payer's form arrives urlencoded; only this page reads that.
        scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        });
        scope.get(SANDBOX_STYLESHEET, async (_request, reply) =>
          reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SANDBOX_CSS),
        );
        scope.get<{ Params: { token: string } }>(`${SANDBOX_PAGE_PREFIX}/:token`, async (request, reply) => {
          reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
          const payment = /^[0-9a-f]{32}$/.test(request.params.token)
            ? await findSandboxPaymentByToken(db, request.params.token)
            : undefined;
          if (!payment) return reply.code(404).send(renderNotFound());
          if (payment.status === 'created' && isExpired(payment)) return reply.code(410).send(renderExpired(payment));
          return reply.send(payment.status === 'created' ? renderCheckout(payment) : renderDecided(payment));
        });
        scope.post<{ Params: { token: string }; Body: Record<string, string> | undefined }>(
          `${SANDBOX_PAGE_PREFIX}/:token`,
          async (request, reply) => {
            const payment = /^[0-9a-f]{32}$/.test(request.params.token)
              ? await findSandboxPaymentByToken(db, request.params.token)
              : undefined;
            if (!payment) return reply.code(404).type('text/html; charset=utf-8').send(renderNotFound());
            // An expired or closed payment takes nothing (the order may be abandoned on our side).
            if (payment.status === 'created' && isExpired(payment)) {
              return reply.code(410).type('text/html; charset=utf-8').send(renderExpired(payment));
            }
            const form = request.body ?? {};
            const action = form.action;
            const method = (PAYMENT_METHODS as readonly string[]).includes(form.method ?? '')
              ? (form.method as PaymentMethod)
              : payment.method;
            const status =
              action === 'approve' ? 'succeeded' : action === 'decline' ? 'failed' : action === 'abandon' ? 'abandoned' : null;
            if (!status) return reply.code(400).type('text/html; charset=utf-8').send(renderCheckout(payment));
            await writeTransaction(db, async (tx) => {
              const now = clock.now();
              const openedAfter = now - SANDBOX_PAYMENT_WINDOW_MS;
              const decided = await decideSandboxPayment(tx, payment.token, { status, method, now, openedAfter });
              // An abandoned payment sends nothing: the platform finds out by asking (fetchPaymentStatus).
              if (!decided || status === 'abandoned') return;
              await enqueueSandboxCallback(clock, tx, {
                event_id: `evt_${randomHex(12)}`,
                type: status === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
                order_id: payment.order_id,
                amount_paise: Number(payment.amount),
                currency: payment.currency,
              });
            });
            // Back to the site, which shows the outcome (303: the browser follows with a GET).
            return reply.code(303).header('location', payment.return_path).send();
          },
        );
      });
    },
  };
}
