import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { BonusService } from '../bonus';
import type { Money, StatementReader } from '../money';
import type { SettingsService } from '../settings';
import { createDepositService, type DepositCheck, type DepositService, type PaymentTestHooks } from './deposits.service';
import { createGateway } from './gateway/gateways';
import type { PaymentGateway } from './gateway/payment-gateway';
import { createKycDocumentStore } from './kyc-documents';
import { createKycService, type KycService } from './kyc.service';
import { createPaymentReports, describePayments } from './payment-reports.service';
import { registerPaymentRoutes } from './payments.routes';
import { createWithdrawalService, PAYOUT_JOB, type WithdrawalService, type WithdrawalServiceDeps } from './withdrawals.service';

/** How often an instance's turn asks the gateway about deposits and payouts it never heard back on. */
export const RECONCILE_INTERVAL_MS = 60_000;

/** Deposits, withdrawals and identity checks through a payment gateway (docs/payments.md). */
export interface PaymentsModule {
  deposits: DepositService;
  withdrawals: WithdrawalService;
  kyc: KycService;
  gateway: PaymentGateway;
  registerRoutes(app: FastifyInstance): Promise<void>;
}

export interface PaymentsModuleDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  money: Money;
  bonuses: BonusService;
  settings: SettingsService;
  /** The account statement: this module names its payments' lines. */
  statement?: StatementReader;
  /**
   * Rules every deposit passes before its order is created, under the player's lock (a deposit
   * limit registers here; docs/payments.md, "Deposit checks"). None by default.
   */
  depositChecks?: readonly DepositCheck[];
  testHooks?: PaymentTestHooks;
  logger?: FastifyBaseLogger;
  /** Hears a withdrawal leave `pending`, in its transaction (a four-eyes request about it ends). */
  onWithdrawalLeftPending?: WithdrawalServiceDeps['onLeftPending'];
}

export function createPaymentsModule(deps: PaymentsModuleDeps): PaymentsModule {
  const { db, clock, config, money, bonuses, settings, logger, testHooks } = deps;
  const gateway = createGateway({ db, clock, config });
  const kyc = createKycService({ db, clock, settings, documents: createKycDocumentStore(db, config.KYC_DOCUMENT_DIR) });
  const deposits = createDepositService({
    db,
    clock,
    money,
    bonuses,
    settings,
    gateway,
    depositChecks: deps.depositChecks ?? [],
    testHooks,
    logger,
  });
  const withdrawals = createWithdrawalService({
    db,
    clock,
    money,
    settings,
    gateway,
    kyc,
    testHooks,
    logger,
    ...(deps.onWithdrawalLeftPending ? { onLeftPending: deps.onWithdrawalLeftPending } : {}),
  });
  const reports = createPaymentReports(db, clock, settings);
  deps.statement?.describeSubjects('payment', describePayments);
  return {
    deposits,
    withdrawals,
    kyc,
    gateway,
    async registerRoutes(app) {
      registerPaymentRoutes(app, { deposits, withdrawals, kyc, reports, gateway, clock });
      app.jobs.handle(PAYOUT_JOB, async (payload) => withdrawals.requestPayout((payload as { withdrawId: number }).withdrawId));
      app.jobs.every('payments reconcile', RECONCILE_INTERVAL_MS, async () => {
        await deposits.reconcile();
        await withdrawals.reconcile();
      });
      await gateway.start?.(app);
    },
  };
}
