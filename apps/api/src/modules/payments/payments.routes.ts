import multipart from '@fastify/multipart';
import { endpoints, MAX_KYC_DOCUMENT_BYTES } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { registerEndpoint } from '../../plugins/contract';
import type { DepositService } from './deposits.service';
import type { PaymentGateway } from './gateway/payment-gateway';
import type { KycService } from './kyc.service';
import type { PaymentCaller } from './payment-access';
import type { PaymentReports } from './payment-reports.service';
import type { WithdrawalService } from './withdrawals.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes of a gateway callback: its signature covers them, not a re-serialisation. */
    rawCallbackBody?: string;
  }
}

/** The largest callback body a gateway sends: a few hundred bytes in practice. */
const CALLBACK_BODY_LIMIT = 16 * 1024;

function callerOf(request: FastifyRequest): PaymentCaller {
  const { user } = request;
  return {
    userId: user.userId,
    sessionId: user.sessionId,
    isSignupUser: user.isSignupUser,
    isDemo: user.isDemo,
    parentId: user.parentId,
    idempotency: request.idempotency,
  };
}

export interface PaymentRouteServices {
  deposits: DepositService;
  withdrawals: WithdrawalService;
  kyc: KycService;
  reports: PaymentReports;
  gateway: PaymentGateway;
  clock: Clock;
}

export function registerPaymentRoutes(app: FastifyInstance, services: PaymentRouteServices): void {
  const { deposits, withdrawals, kyc, reports, gateway, clock } = services;

  registerEndpoint(app, endpoints.createDeposit, async ({ body, request }) => ({
    data: await deposits.createDeposit(callerOf(request), body),
  }));
  registerEndpoint(app, endpoints.getDeposit, async ({ body, request }) => ({
    data: await deposits.getDeposit(callerOf(request), body.order_id),
  }));
  registerEndpoint(app, endpoints.addDestination, async ({ body, request }) => ({
    data: { destination_id: await withdrawals.addDestination(callerOf(request), body) },
    message: 'Payout destination saved',
  }));
  registerEndpoint(app, endpoints.getDestinations, async ({ request }) => ({
    data: { destinations: await withdrawals.getDestinations(callerOf(request)) },
  }));
  registerEndpoint(app, endpoints.getWithdrawInfo, async ({ request }) => ({
    data: await withdrawals.getWithdrawInfo(callerOf(request)),
  }));
  registerEndpoint(app, endpoints.requestWithdraw, async ({ body, request }) => ({
    data: await withdrawals.requestWithdraw(callerOf(request), body),
    message: 'Withdrawal requested',
  }));
  registerEndpoint(app, endpoints.cancelWithdraw, async ({ body, request }) => ({
    data: await withdrawals.cancelWithdraw(callerOf(request), body.withdraw_id),
    message: 'Withdrawal cancelled: the money is back in your balance',
  }));
  registerEndpoint(app, endpoints.kycStatus, async ({ request }) => ({ data: await kyc.status(callerOf(request)) }));
  registerEndpoint(app, endpoints.depositStatement, async ({ body, request }) => ({
    data: await reports.depositStatement(callerOf(request), body),
  }));
  registerEndpoint(app, endpoints.withdrawStatement, async ({ body, request }) => ({
    data: await reports.withdrawStatement(callerOf(request), body),
  }));

  // kyc/submit is a multipart form: only this scope reads one. Its fields and the file's bytes
  // become the body the contract's schema checks (the file as a Buffer).
  void app.register(async (scope) => {
    await scope.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: MAX_KYC_DOCUMENT_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1_000, headerPairs: 50 },
    });
    registerEndpoint(scope, endpoints.kycSubmit, async ({ body, request }) => ({
      data: await kyc.submit(callerOf(request), body),
      message: 'Documents sent: we will check them shortly',
    }));
  });

  // The gateway's callback: its raw body is kept for the signature; nothing else reads it here.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
      (request, body, done) => {
        request.rawCallbackBody = body as string;
        done(null, {});
      },
    );
    scope.post<{ Params: { gateway: string } }>('/api/payment/callback/:gateway', async (request, reply) => {
      if (request.params.gateway !== gateway.code) throw new AppError('NOT_FOUND', 'No such payment gateway');
      const event = gateway.verifyCallback({ headers: request.headers, rawBody: request.rawCallbackBody ?? '' }, clock.now());
      if ('orderId' in event) await deposits.applyPaymentEvent(gateway.code, event);
      else await withdrawals.applyPayoutEvent(gateway.code, event);
      return reply.code(200).send({ status: true });
    });
  });
}
