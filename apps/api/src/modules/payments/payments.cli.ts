import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { paiseToRupees, WITHDRAW_STATUSES, type WithdrawStatus } from '@app/shared';
import { type AdminCommand, type CommandContext, requireOption, UsageError } from '../../plugins/admin-command';
import { AppError } from '../../lib/app-error';
import { createBonusModule } from '../bonus';
import { createMoneyModule, parseReason } from '../money';
import { createSettingsService } from '../settings';
import { userNamesByIds } from '../users';
import { createPaymentsModule } from './payments.module';
import { listWithdrawalsForOperator } from './payments.repository';

function paymentsOf(context: CommandContext) {
  const { db } = context.database;
  const { clock, config } = context;
  const { money } = createMoneyModule({ db, clock });
  const { bonuses } = createBonusModule({ db, clock, money });
  return createPaymentsModule({ db, clock, config, money, bonuses, settings: createSettingsService(db, clock) });
}

const date = (ms: number | string) => new Date(Number(ms)).toISOString().replace('T', ' ').slice(0, 19);

/**
 * The operator's side of withdrawals and identity checks (docs/payments.md, "Operator commands");
 * approving and rejecting a withdrawal are composed in cli/withdrawals.cli.ts.
 */
export const paymentCommands: AdminCommand[] = [
  {
    name: 'payments list',
    usage: `payments list [--status ${WITHDRAW_STATUSES.join('|')}]`,
    options: ['status'],
    async run(context) {
      const status = context.options.status;
      if (status !== undefined && !(WITHDRAW_STATUSES as readonly string[]).includes(status)) {
        throw new UsageError(`--status must be one of ${WITHDRAW_STATUSES.join(', ')}`);
      }
      const db = context.database.db;
      const rows = await listWithdrawalsForOperator(db, (status as WithdrawStatus | undefined) ?? null, 200);
      const names = await userNamesByIds(
        db,
        rows.map((row) => Number(row.user_id)),
      );
      if (rows.length === 0) context.print(status ? `no ${status} withdrawals` : 'no withdrawals');
      for (const row of rows) {
        context.print(
          [
            `#${row.id}`,
            row.status,
            names.get(Number(row.user_id)) ?? '',
            `₹${paiseToRupees(Number(row.amount)).toFixed(2)}`,
            `to ${row.destination_label}`,
            `asked ${date(row.created_at)}`,
            row.reason ? `reason: ${row.reason}` : '',
          ]
            .filter(Boolean)
            .join('  '),
        );
      }
    },
  },
  {
    name: 'kyc document',
    usage: "kyc document --name N --out FILE   (writes the latest submission's document, readable by you only)",
    options: ['name', 'out'],
    playerOption: 'name',
    async run(context) {
      const name = requireOption(context, 'name');
      const document = await paymentsOf(context).kyc.document(name);
      if (!document) throw new AppError('NOT_FOUND', `${name} has sent no identity documents`);
      const file = path.resolve(requireOption(context, 'out'));
      await writeFile(file, document.bytes, { mode: 0o600 });
      context.print(`${document.contentType}, ${document.bytes.length} bytes: ${file}`);
    },
  },
  {
    name: 'kyc list',
    usage: 'kyc list [--status submitted|approved|rejected]',
    options: ['status'],
    async run(context) {
      const status = context.options.status ?? 'submitted';
      if (!['submitted', 'approved', 'rejected'].includes(status)) {
        throw new UsageError('--status must be submitted, approved or rejected');
      }
      const rows = await paymentsOf(context).kyc.list(status as 'submitted' | 'approved' | 'rejected');
      if (rows.length === 0) context.print(`no ${status} identity checks`);
      for (const row of rows) {
        context.print(
          [
            row.user_name,
            row.status,
            `legal name: ${row.legal_name}`,
            `born ${row.date_of_birth}`,
            `sent ${date(row.created_at)}`,
            `document: ${row.document_type} (kyc document --name ${row.user_name} --out FILE)`,
            row.reason ? `reason: ${row.reason}` : '',
          ]
            .filter(Boolean)
            .join('  '),
        );
      }
    },
  },
  {
    name: 'kyc approve',
    usage: 'kyc approve --name N [--reason R]',
    options: ['name', 'reason'],
    playerOption: 'name',
    async run(context) {
      const name = requireOption(context, 'name');
      const reason = context.options.reason === undefined ? null : parseReason(context.options.reason);
      await paymentsOf(context).kyc.review(name, 'approved', reason);
      context.print(`${name}'s identity is approved: they can withdraw`);
    },
  },
  {
    name: 'kyc reject',
    usage: 'kyc reject --name N [--reason R]',
    options: ['name', 'reason'],
    playerOption: 'name',
    async run(context) {
      const name = requireOption(context, 'name');
      const reason = parseReason(context.options.reason ?? 'The documents could not be verified');
      await paymentsOf(context).kyc.review(name, 'rejected', reason);
      context.print(`${name}'s identity is rejected (${reason}): they see the reason and may send new documents`);
    },
  },
];
