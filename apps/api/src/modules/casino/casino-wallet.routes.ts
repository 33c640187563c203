import type { FastifyInstance } from 'fastify';
import type { CasinoWallet } from './casino-wallet.service';
import { WALLET_OPERATIONS, WALLET_SIGNATURE_HEADER, walletPath } from './wallet-api.schema';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes of a wallet call's body: the signature covers them, not a re-serialisation. */
    rawWalletBody?: string;
  }
}

/** POST /api/provider/wallet/user/balance and /transaction/{bet,win,rollback}. */
export function registerCasinoWalletRoutes(app: FastifyInstance, wallet: CasinoWallet): void {
  void app.register(async (scope) => {
    // Only in this scope: keep the body as text; the service parses it after checking the signature's provider.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      request.rawWalletBody = body as string;
      done(null, {});
    });
    for (const operation of WALLET_OPERATIONS) {
      scope.post(walletPath(operation), async (request, reply) => {
        const signature = request.headers[WALLET_SIGNATURE_HEADER.toLowerCase()];
        const result = await wallet.handle({
          operation,
          rawBody: request.rawWalletBody ?? '',
          signature: typeof signature === 'string' ? signature : undefined,
        });
        return reply.code(result.httpStatus).send(result.body);
      });
    }
  });
}
