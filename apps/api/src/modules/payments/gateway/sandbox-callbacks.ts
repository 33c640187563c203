import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/database';
import { enqueueJob } from '../../../db/jobs';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { GatewayContext, GatewayEvent, PaymentGateway } from './payment-gateway';
import { isValidSandboxSignature, SANDBOX_SIGNATURE_HEADER, sandboxSignature } from './sandbox-signature';
import { SANDBOX_CALLBACK_PATH } from './sandbox-support';

/** A callback is sent until answered: up to this many tries, 1 s, 2 s, 4 s … 5 min apart (db/job-runner.ts). */
const CALLBACK_ATTEMPTS = 20;
const CALLBACK_TIMEOUT_MS = 10_000;
const CALLBACK_JOB = 'sandbox callback';

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

/** A callback to the platform, sent by a durable job until it is answered. */
export function enqueueSandboxCallback(clock: Clock, executor: Db, body: SandboxCallbackBody): Promise<boolean> {
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

/**
 * The sandbox's signed callbacks (docs/payments.md, "The sandbox"): sent by the callback job,
 * and checked and read when they arrive at the platform's callback route.
 */
export interface SandboxCallbacks {
  verifyCallback: PaymentGateway['verifyCallback'];
  /** Sends the queued callbacks: the `sandbox callback` job's handler. */
  handleCallbackJob(app: FastifyInstance): void;
}

/** `requireSecret` answers the signing secret, loaded when the gateway starts. */
export function createSandboxCallbacks({ clock }: GatewayContext, requireSecret: () => string): SandboxCallbacks {
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

  return {
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

    handleCallbackJob(app) {
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
    },
  };
}
