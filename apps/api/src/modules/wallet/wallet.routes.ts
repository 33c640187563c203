import { endpoints } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { dataFromCopy, registerEndpoint } from '../../plugins/contract';
import { readAccountStatement } from './statement.service';
import type { WalletService } from './wallet.service';

/** The caller of an auth 'user' endpoint: always the token's user, never one named in a body. */
export function currentUserId(request: FastifyRequest): number {
  return request.user.userId;
}

export function registerWalletRoutes(app: FastifyInstance, wallet: WalletService, db: Db, clock: Clock): void {
  registerEndpoint(app, endpoints.getUserBalance, ({ request }) => {
    const userId = currentUserId(request);
    return dataFromCopy(wallet.balanceCopy(userId), () => wallet.getBalance(userId));
  });

  registerEndpoint(app, endpoints.updateUserWalletStatus, async ({ body, request }) => {
    const active = await wallet.setActiveWallet(currentUserId(request), body.status, request.idempotency);
    const names = ['No bonus wallet is active', 'Split bonus wallet activated', 'Wager bonus wallet activated'] as const;
    return { data: { active_wallet: active }, message: names[active] };
  });

  registerEndpoint(app, endpoints.accountStatement, async ({ body, request }) => ({
    data: await readAccountStatement(db, clock, currentUserId(request), body),
  }));
}
