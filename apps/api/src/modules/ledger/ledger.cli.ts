import { type AdminCommand, UsageError } from '../../plugins/admin-command';
import { AppError } from '../../lib/app-error';
import { auditLedger, auditLedgerFromCheckpoint } from './ledger-audit';

export const ledgerCommands: AdminCommand[] = [
  {
    name: 'ledger verify',
    usage: 'ledger verify [--incremental yes]',
    options: ['incremental'],
    async run({ database, print, options, clock }) {
      const incremental = options.incremental === 'yes';
      if (options.incremental !== undefined && !incremental && options.incremental !== 'no') {
        throw new UsageError('--incremental must be yes or no');
      }
      const { faults, counts, from } = incremental
        ? await auditLedgerFromCheckpoint(database.db, clock.now())
        : await auditLedger(database.db);
      if (from) print(`from checkpoint: after transaction ${from.transactionId}, entry ${from.entryId}`);
      for (const fault of faults) print(`FAULT ${fault}`);
      const summary = `${counts.accounts} accounts, ${counts.transactions} transactions, ${counts.entries} entries`;
      if (faults.length > 0) throw new AppError('INTERNAL', `ledger verify found ${faults.length} fault(s) in ${summary}`);
      print(`ledger ok: ${summary}; every invariant holds`);
    },
  },
];
