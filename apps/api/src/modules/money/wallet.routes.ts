import { endpoints } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { currentUserId } from '../../plugins/auth';
import { dataFromCopy, registerEndpoint } from '../../plugins/contract';
import type { StatementReader } from './statement.service';
import type { WalletService } from './wallet.service';

export function registerWalletRoutes(app: FastifyInstance, wallet: WalletService, statement: StatementReader): void {
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
    data: await statement.read(currentUserId(request), body),
  }));
}
