import { paiseToRupees } from '@app/shared';
import { type AdminCommand, type CommandContext, requireOption } from '../../plugins/admin-command';
import { createMoneyModule } from '../money';
import { createBonusModule } from './bonus.module';

function bonusesOf(context: CommandContext) {
  const { db } = context.database;
  const { money } = createMoneyModule({ db, clock: context.clock });
  return createBonusModule({ db, clock: context.clock, money }).bonuses;
}

export const bonusCommands: AdminCommand[] = [
  {
    name: 'bonus grant',
    usage: 'bonus grant --name N --amount RUPEES --wallet split|wager [--reason R] [--key K]',
    options: ['name', 'amount', 'wallet', 'reason'],
    playerOption: 'name',
    movesMoney: true,
    async run(context) {
      const bonuses = bonusesOf(context);
      const name = requireOption(context, 'name');
      const wallet = requireOption(context, 'wallet');
      const amount = requireOption(context, 'amount');
      const reason = context.options.reason ?? 'operator grant';
      const { bonusId: id } = await bonuses.grantByName(name, amount, wallet, reason, context.operator.operatorId, {
        idempotency: context.idempotency,
        // In the grant's transaction: the bonus and its audit row commit together (docs/operators.md).
        within: (tx, { before, after, bonusId }) =>
          context.auditWithin(tx, {
            target: `user:${name}`,
            before: { split_bonus: paiseToRupees(before.splitBonus), wager_bonus: paiseToRupees(before.wagerBonus) },
            after: {
              split_bonus: paiseToRupees(after.splitBonus),
              wager_bonus: paiseToRupees(after.wagerBonus),
              bonus_id: bonusId,
              amount,
              wallet,
              reason,
            },
          }),
      });
      context.print(`granted bonus ${id}: ${amount} to ${name}'s ${wallet} wallet`);
    },
  },
  {
    name: 'bonus expire',
    usage: 'bonus expire',
    async run(context) {
      const bonuses = bonusesOf(context);
      context.print(`expired ${await bonuses.expireDue()} bonus(es)`);
    },
  },
];
