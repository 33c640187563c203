import { PAYMENT_METHODS, type PaymentMethod } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { enqueueJob } from '../../../db/jobs';
import { writeTransaction } from '../../../db/unit-of-work';
import { AppError } from '../../../lib/app-error';
import { randomHex } from '../../../lib/ids';
import type { GatewayContext, GatewayEvent, PaymentGateway } from './payment-gateway';
import {
  renderCheckout,
  renderDecided,
  renderExpired,
  renderNotFound,
  SANDBOX_CSS,
  SANDBOX_PAGE_PREFIX,
  SANDBOX_STYLESHEET,
} from './sandbox-page';
import { isValidSandboxSignature, SANDBOX_SIGNATURE_HEADER, sandboxSignature } from './sandbox-signature';
import {
  createSandboxPayment,
  createSandboxPayout,
  decideSandboxPayment,
  ensureGatewaySecret,
  findSandboxPaymentByOrder,
  findSandboxPaymentByToken,
  findSandboxPayout,
  closeSandboxPayment,
  settleSandboxPayout,
} from './sandbox.repository';

/**
 * The built-in sandbox gateway (docs/payments.md, "The sandbox"): a hosted payment page served by
 * this process under /sandbox-pay/, signed callbacks sent with retries and back-off as durable
 * jobs, and payouts paid a few seconds after they are asked for. It behaves like a real provider
 * and keeps its own books (sandbox_payments, sandbox_payouts); no money is real.
 */
export const SANDBOX_CODE = 'sandbox';
export const SANDBOX_CALLBACK_PATH = `/api/payment/callback/${SANDBOX_CODE}`;
/**
 * How long the payer has on the sandbox's page; after it the payment can no longer be made (as a
 * real provider's payment link expires). The platform abandons an order after as long.
 */
export const SANDBOX_PAYMENT_WINDOW_MS = 60 * 60_000;
/** How long after an approved payout the sandbox's bank pays it. */
export const SANDBOX_PAYOUT_DELAY_MS = 3_000;
/** A callback is sent until answered: up to this many tries, 1 s, 2 s, 4 s … 5 min apart (db/job-runner.ts). */
const CALLBACK_ATTEMPTS = 20;
const CALLBACK_TIMEOUT_MS = 10_000;
const CALLBACK_JOB = 'sandbox callback';
const PAYOUT_JOB = 'sandbox payout';

const callbackBody = z.discriminatedUnion('type', [
  z.strictObject({
    event_id: z.string().min(1).max(120),
    type: z.enum(['payment.succeeded', 'payment.failed']),
    order_id: z.string().min(1).max(40),
    amount_paise: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    currency: z.string().min(1).max(8),
  }),
  z.strictObject({
    event_id: z.string().min(1).max(120),
    type: z.enum(['payout.paid', 'payout.failed']),
    withdraw_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    amount_paise: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    currency: z.string().min(1).max(8),
  }),
]);
export type SandboxCallbackBody = z.input<typeof callbackBody>;

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function payoutReference(withdrawId: number): string {
  return `W${withdrawId}`;
}

export function createSandboxGateway({ db, clock, config }: GatewayContext): PaymentGateway {
  let secret = config.PAYMENT_SANDBOX_SECRET;

  function requireSecret(): string {
    if (!secret) throw new Error('The sandbox gateway was not started (its secret is not loaded)');
    return secret;
  }

  /** A callback to the platform, sent by a durable job until it is answered. */
  function enqueueCallback(executor: typeof db, body: SandboxCallbackBody): Promise<boolean> {
    return enqueueJob(
      executor,
      {
        kind: CALLBACK_JOB,
        key: `sandbox:callback:${body.event_id}`,
        payload: { body: JSON.stringify(body) },
        runAt: clock.now(),
        maxAttempts: CALLBACK_ATTEMPTS,
      },
      clock.now(),
    );
  }

  /** Posts to this process's own callback route: over loopback when it listens, else in process. */
  async function deliver(app: FastifyInstance, rawBody: string): Promise<number> {
    const headers = {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(requireSecret(), rawBody, Math.floor(clock.now() / 1000)),
    };
    const address = app.server.listening ? app.server.address() : null;
    if (!address || typeof address !== 'object') {
      const response = await app.inject({ method: 'POST', url: SANDBOX_CALLBACK_PATH, headers, payload: rawBody });
      return response.statusCode;
    }
    const host = ['0.0.0.0', '::'].includes(address.address)
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
    const response = await fetch(`http://${host}:${address.port}${SANDBOX_CALLBACK_PATH}`, {
      method: 'POST',
      headers,
      body: rawBody,
      signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return response.status;
  }

  const isExpired = (payment: { created_at: number }) => Number(payment.created_at) <= clock.now() - SANDBOX_PAYMENT_WINDOW_MS;

  function registerPage(app: FastifyInstance): void {
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
            await enqueueCallback(tx, {
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
  }

  return {
    code: SANDBOX_CODE,

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

    verifyCallback({ headers, rawBody }, now): GatewayEvent {
      if (!isValidSandboxSignature(requireSecret(), headerText(headers[SANDBOX_SIGNATURE_HEADER]), rawBody, now)) {
        throw new AppError('BAD_SIGNATURE', 'The callback signature is missing, wrong or outside its 5-minute window');
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new AppError('BAD_REQUEST', 'The callback body is not valid JSON');
      }
      const parsed = callbackBody.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError('BAD_REQUEST', `${issue?.path.join('.') ?? 'body'}: ${issue?.message ?? 'invalid'}`);
      }
      const body = parsed.data;
      return 'order_id' in body
        ? {
            eventId: body.event_id,
            type: body.type,
            orderId: body.order_id,
            amountPaise: body.amount_paise,
            currency: body.currency,
          }
        : {
            eventId: body.event_id,
            type: body.type,
            withdrawId: body.withdraw_id,
            amountPaise: body.amount_paise,
            currency: body.currency,
          };
    },

    async requestPayout({ withdrawId, amountPaise, currency, destination }) {
      const reference = payoutReference(withdrawId);
      const label = destination.kind === 'upi' ? destination.upiId : `${destination.ifsc}:${destination.accountNumber}`;
      await writeTransaction(db, async (tx) => {
        const now = clock.now();
        await createSandboxPayout(tx, {
          reference,
          amount: amountPaise,
          currency,
          destination: label,
          status: 'requested',
          created_at: now,
          updated_at: now,
        });
        // PAYMENT_SANDBOX_PAYOUTS=off: nothing is paid until a callback comes from elsewhere (tests).
        if (config.PAYMENT_SANDBOX_PAYOUTS === 'on') {
          await enqueueJob(
            tx,
            {
              kind: PAYOUT_JOB,
              key: `sandbox:payout:${reference}`,
              payload: { withdrawId },
              runAt: now + SANDBOX_PAYOUT_DELAY_MS,
            },
            now,
          );
        }
      });
      return { providerRef: `sbx_${reference}` };
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

    async fetchPayoutStatus(withdrawId) {
      const payout = await findSandboxPayout(db, payoutReference(withdrawId));
      if (!payout) return { status: 'unknown' };
      return { status: payout.status, amountPaise: Number(payout.amount), currency: payout.currency };
    },

    async start(app) {
      secret ??= await ensureGatewaySecret(db, SANDBOX_CODE, clock.now());
      registerPage(app);
      app.jobs.handle(CALLBACK_JOB, async (payload) => {
        const { body } = payload as { body: string };
        const status = await deliver(app, body);
        // Answered: processed (2xx), or refused for good (4xx) — sending again would change nothing.
        if (status >= 200 && status < 300) return;
        if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
          app.log.warn({ status, body }, 'sandbox: the platform refused a callback');
          return;
        }
        throw new Error(`the platform answered ${status}; the callback will be sent again`);
      });
      app.jobs.handle(PAYOUT_JOB, async (payload) => {
        const { withdrawId } = payload as { withdrawId: number };
        const reference = payoutReference(withdrawId);
        await writeTransaction(db, async (tx) => {
          if (!(await settleSandboxPayout(tx, reference, 'paid', clock.now()))) return;
          const payout = await findSandboxPayout(tx, reference);
          if (!payout) return;
          await enqueueCallback(tx, {
            event_id: `evt_payout_${reference}`,
            type: 'payout.paid',
            withdraw_id: withdrawId,
            amount_paise: Number(payout.amount),
            currency: payout.currency,
          });
        });
      });
    },
  };
}
