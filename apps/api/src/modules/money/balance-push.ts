import type { FastifyBaseLogger } from 'fastify';
import { busTopics, type EventBus } from '../../lib/event-bus';
import { BALANCE_CHANGED_TOPIC } from '../ledger';
import type { WalletService } from './wallet.service';

/**
 * Live balance push: every committed money movement's outbox event (`balance.changed`) reaches
 * every instance; each reads the new balance only for the players with a socket on it and sends
 * it to them (the socket's `balance` message). The 5-second poll stays as the fallback.
 */
export function pushBalances(bus: EventBus, wallet: WalletService, logger: FastifyBaseLogger): void {
  bus.subscribe(BALANCE_CHANGED_TOPIC, (payload) => {
    const userIds = (payload as { user_ids?: unknown }).user_ids;
    if (!Array.isArray(userIds)) return;
    for (const userId of userIds) {
      if (typeof userId !== 'number') continue;
      const topic = busTopics.userBalance(userId);
      if (!bus.hasLocalSubscribers(topic)) continue;
      wallet.getBalance(userId).then(
        (balance) => bus.publishLocal(topic, balance),
        (error: unknown) => logger.warn({ err: error, userId }, 'balance push failed'),
      );
    }
  });
}
