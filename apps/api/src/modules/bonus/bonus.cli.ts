import { type AdminCommand, type CommandContext, requireOption } from '../../cli/command';
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
    usage: 'bonus grant --name N --amount RUPEES --wallet split|wager [--reason R]',
    options: ['name', 'amount', 'wallet', 'reason'],
    async run(context) {
      const bonuses = bonusesOf(context);
      const name = requireOption(context, 'name');
      const wallet = requireOption(context, 'wallet');
      const amount = requireOption(context, 'amount');
      const { bonusId: id } = await bonuses.grantByName(
        name,
        amount,
        wallet,
        context.options.reason ?? 'operator grant',
        context.operator.operatorId,
      );
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
