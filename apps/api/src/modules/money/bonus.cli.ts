import { type AdminCommand, requireOption } from '../../cli/command';
import { createWalletModule } from './money.module';

export const bonusCommands: AdminCommand[] = [
  {
    name: 'bonus grant',
    usage: 'bonus grant --name N --amount RUPEES --wallet split|wager [--reason R]',
    options: ['name', 'amount', 'wallet', 'reason'],
    async run(context) {
      const { bonuses } = createWalletModule(context.database.db, context.clock);
      const name = requireOption(context, 'name');
      const wallet = requireOption(context, 'wallet');
      const amount = requireOption(context, 'amount');
      const id = await bonuses.grantByName(name, amount, wallet, context.options.reason ?? 'operator grant');
      context.print(`granted bonus ${id}: ${amount} to ${name}'s ${wallet} wallet`);
    },
  },
  {
    name: 'bonus expire',
    usage: 'bonus expire',
    async run(context) {
      const { bonuses } = createWalletModule(context.database.db, context.clock);
      context.print(`expired ${await bonuses.expireDue()} bonus(es)`);
    },
  },
];
