import type { AdminCommand } from '../../cli/command';
import { AppError } from '../../lib/app-error';
import { auditLedger } from './ledger-audit';

export const ledgerCommands: AdminCommand[] = [
  {
    name: 'ledger verify',
    usage: 'ledger verify',
    async run({ database, print }) {
      const { faults, counts } = await auditLedger(database.db);
      for (const fault of faults) print(`FAULT ${fault}`);
      const summary = `${counts.accounts} accounts, ${counts.transactions} transactions, ${counts.entries} entries`;
      if (faults.length > 0) throw new AppError('INTERNAL', `ledger verify found ${faults.length} fault(s) in ${summary}`);
      print(`ledger ok: ${summary}; every invariant holds`);
    },
  },
];
