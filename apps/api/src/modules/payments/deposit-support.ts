import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { BonusService } from '../bonus';
import type { Money } from '../money';
import type { SettingsService } from '../settings';
import type { GatewayEvent, PaymentGateway } from './gateway/payment-gateway';

/**
 * A rule every deposit must pass before its order is created (a responsible-play deposit limit):
 * it runs under the player's lock, in the transaction that creates the order, and refuses by
 * throwing an AppError (docs/payments.md, "Deposit checks").
 */
export type DepositCheck = (executor: Db, deposit: DepositToCheck) => Promise<void>;

export interface DepositToCheck {
  userId: number;
  amountPaise: number;
  /**
   * A late payment's order (paid after it was abandoned or failed): when it was made, so a limit
   * whose window no longer holds it lets it pass. Absent for a new order (now).
   */
  orderCreatedAt?: number;
}

/** Test-only hooks: a crash between a callback's receipt and its credit (apps/api/test). */
export interface PaymentTestHooks {
  /** Runs inside the callback's transaction, after its event was recorded and before money moves. */
  afterCallbackReceived?(event: GatewayEvent): Promise<void> | void;
}

/** What processing a callback did: 'processed' changed something, 'already' found it done. */
export type CallbackOutcome = 'processed' | 'already';

export interface DepositServiceDeps {
  db: Db;
  clock: Clock;
  money: Money;
  bonuses: BonusService;
  settings: SettingsService;
  gateway: PaymentGateway;
  depositChecks: readonly DepositCheck[];
  testHooks?: PaymentTestHooks;
  logger?: FastifyBaseLogger;
}
