import { paiseToRupees } from '@app/shared';
import { type AdminCommand, type CommandContext, parseWholeNumber, requireOption, UsageError } from '../plugins/admin-command';
import { createBonusModule } from '../modules/bonus';
import { createMoneyModule, parseReason } from '../modules/money';
import { createOperatorsModule } from '../modules/operators';
import { createPaymentsModule } from '../modules/payments';
import { createSettingsService } from '../modules/settings';

/**
 * An operator approves or rejects a withdrawal (docs/payments.md, "Operator commands"). Composed
 * here, above the payments and operators modules, as the server composes them: a four-eyes request
 * about the withdrawal ends in the same transaction (docs/operators.md, "Four-eyes"), and the
 * money, its audit row and the operator's `--key` commit together.
 */
function withdrawalsOf(context: CommandContext) {
  const { db } = context.database;
  const { clock, config } = context;
  const { money } = createMoneyModule({ db, clock });
  const { approvals } = createOperatorsModule({ db, clock });
  return createPaymentsModule({
    db,
    clock,
    config,
    money,
    bonuses: createBonusModule({ db, clock, money }).bonuses,
    settings: createSettingsService(db, clock),
    onWithdrawalLeftPending: async (tx, withdrawId, status) => {
      await approvals.endForSubject(tx, 'withdraw_approve', `withdraw:${withdrawId}`, `The withdrawal was ${status}`);
    },
  }).withdrawals;
}

function withdrawIdOf(context: CommandContext): number {
  const id = parseWholeNumber(requireOption(context, 'id'), '--id');
  if (id <= 0) throw new UsageError('--id must be a withdrawal id');
  return id;
}

const rupeeText = (paise: number | string) => `₹${paiseToRupees(Number(paise)).toFixed(2)}`;

export const withdrawalCommands: AdminCommand[] = [
  {
    name: 'payments approve',
    usage: 'payments approve --id ID [--reason R] [--key K]   (the reason is kept in the audit log)',
    options: ['id', 'reason'],
    movesMoney: true,
    async run(context) {
      const id = withdrawIdOf(context);
      const reason = context.options.reason === undefined ? null : parseReason(context.options.reason);
      const row = await withdrawalsOf(context).approve(id, {
        idempotency: context.idempotency,
        within: (tx, approved) =>
          context.auditWithin(tx, {
            target: `withdraw:${id}`,
            before: { status: 'pending', amount: paiseToRupees(Number(approved.amount)) },
            after: { status: approved.status, reason },
            subjectUserId: Number(approved.user_id),
          }),
      });
      context.print(`withdrawal #${row.id} approved: ${rupeeText(row.amount)} goes to the gateway for payout`);
    },
  },
  {
    name: 'payments reject',
    usage: 'payments reject --id ID [--reason R] [--key K]',
    options: ['id', 'reason'],
    movesMoney: true,
    async run(context) {
      const id = withdrawIdOf(context);
      const reason = parseReason(context.options.reason ?? 'Rejected by the operator');
      const row = await withdrawalsOf(context).reject(id, reason, {
        idempotency: context.idempotency,
        within: (tx, rejected) =>
          context.auditWithin(tx, {
            target: `withdraw:${id}`,
            before: { status: 'pending', amount: paiseToRupees(Number(rejected.amount)) },
            after: { status: rejected.status, reason },
            subjectUserId: Number(rejected.user_id),
          }),
      });
      context.print(`withdrawal #${row.id} rejected (${reason}): ${rupeeText(row.amount)} is back in the player's cash`);
    },
  },
];
