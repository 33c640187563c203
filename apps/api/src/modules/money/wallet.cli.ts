import { paiseToRupees } from '@app/shared';
import { type AdminCommand, requireOption } from '../../plugins/admin-command';
import { createMoneyModule } from './money.module';
import type { WalletBalances } from './money-support';

function describe(balances: WalletBalances): string {
  return [
    `cash ${paiseToRupees(balances.cash)}`,
    `exposure ${paiseToRupees(balances.exposure + balances.bonusExposure)}`,
    `split bonus ${paiseToRupees(balances.splitBonus)}`,
    `wager bonus ${paiseToRupees(balances.wagerBonus)}`,
  ].join(', ');
}

function adjustCommand(direction: 'credit' | 'debit'): AdminCommand {
  return {
    name: `wallet ${direction}`,
    usage: `wallet ${direction} --name N --amount RUPEES --reason R [--key K]`,
    options: ['name', 'amount', 'reason'],
    playerOption: 'name',
    movesMoney: true,
    async run(context) {
      const { wallet } = createMoneyModule({ db: context.database.db, clock: context.clock });
      const name = requireOption(context, 'name');
      const balances = await wallet.operatorAdjust(
        direction,
        name,
        requireOption(context, 'amount'),
        requireOption(context, 'reason'),
        context.operator.operatorId,
        {
          idempotency: context.idempotency,
          // In the money's transaction: the credit and its audit row commit together (docs/operators.md).
          within: (tx, { before, after }) =>
            context.auditWithin(tx, {
              target: `user:${name}`,
              before: { cash: paiseToRupees(before.cash) },
              after: { cash: paiseToRupees(after.cash), amount: context.options.amount, reason: context.options.reason },
            }),
        },
      );
      context.print(`${direction === 'credit' ? 'credited' : 'debited'} ${name}: ${describe(balances)}`);
    },
  };
}

export const walletCommands: AdminCommand[] = [
  adjustCommand('credit'),
  adjustCommand('debit'),
  {
    name: 'wallet balance',
    usage: 'wallet balance --name N',
    options: ['name'],
    playerOption: 'name',
    async run(context) {
      const { wallet } = createMoneyModule({ db: context.database.db, clock: context.clock });
      const name = requireOption(context, 'name');
      context.print(`${name}: ${describe(await wallet.balancesByName(name))}`);
    },
  },
];
