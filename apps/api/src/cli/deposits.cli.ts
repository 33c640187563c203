import { type AdminCommand, requireOption, UsageError } from '../plugins/admin-command';
import { createBonusModule } from '../modules/bonus';
import { createMoneyModule } from '../modules/money';
import { createPaymentsModule, sumDepositsSince } from '../modules/payments';
import { createRgModule } from '../modules/responsible-play';
import { createSettingsService } from '../modules/settings';

/**
 * Held deposits (docs/payments.md, "Late payments"): a payment the gateway reported after its
 * order was abandoned or failed, that the deposit checks refused to credit then. Composed here,
 * above both modules, because the payments module's deposit checks are responsible play's.
 */
export const depositCommands: AdminCommand[] = [
  {
    name: 'payments held',
    usage:
      'payments held --order ORDER_ID --decision credit|refunded [--key K]   (credit: only if the deposit limits allow it now)',
    options: ['order', 'decision'],
    movesMoney: true,
    async run(context) {
      const decision = requireOption(context, 'decision');
      if (decision !== 'credit' && decision !== 'refunded') throw new UsageError('--decision must be credit or refunded');
      const { db } = context.database;
      const { clock, config } = context;
      const moneyModule = createMoneyModule({ db, clock });
      const { money } = moneyModule;
      const rg = createRgModule({ db, clock, money, deposits: { totalSince: sumDepositsSince } });
      moneyModule.useRules(rg.guard.moneyRules);
      const payments = createPaymentsModule({
        db,
        clock,
        config,
        money,
        bonuses: createBonusModule({ db, clock, money }).bonuses,
        settings: createSettingsService(db, clock),
        depositChecks: [rg.guard.checkDeposit],
      });
      const orderId = requireOption(context, 'order');
      const row = await payments.deposits.settleHeld(orderId, decision, {
        idempotency: context.idempotency,
        // In the act's transaction: the credit (or refund) and its audit row commit together.
        within: (tx, settled) =>
          context.auditWithin(tx, {
            target: `deposit:${orderId}`,
            before: { status: 'held' },
            after: { status: settled.status },
            subjectUserId: Number(settled.user_id),
          }),
      });
      context.print(`deposit ${orderId} ${row.status}`);
    },
  },
];
