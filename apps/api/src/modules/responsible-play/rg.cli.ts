import { isWholePaise, RG_LIMIT_KINDS, RG_PERIODS, type RgLimitKind, type RgPeriod, rupeesToPaise } from '@app/shared';
import { type AdminCommand, type CommandContext, requireOption, UsageError } from '../../plugins/admin-command';
import { AppError } from '../../lib/app-error';
import { createMoneyModule } from '../money';
import { sumDepositsSince } from '../payments';
import { findUserByNameKey, userNameKey } from '../users';
import { listEvents } from './rg.repository';
import { createRgService } from './rg.service';

async function playerOf(context: CommandContext) {
  const name = requireOption(context, 'name');
  const user = await findUserByNameKey(context.database.db, userNameKey(name));
  if (!user) throw new AppError('NOT_FOUND', `No user is named ${name}`);
  const { db } = context.database;
  const money = createMoneyModule({ db, clock: context.clock }).money;
  const rg = createRgService({ db, clock: context.clock, money, deposits: { totalSince: sumDepositsSince } });
  return { user, rg };
}

const rupees = (value: number | null) => (value === null ? 'none' : `₹${value.toFixed(2)}`);

export const rgCommands: AdminCommand[] = [
  {
    name: 'rg show',
    usage: "rg show --name N   (a player's limits, session controls, pause and the history of every change)",
    options: ['name'],
    playerOption: 'name',
    async run(context) {
      const { user, rg } = await playerOf(context);
      const state = await rg.state(user.id);
      context.print(`${user.user_name}:`);
      for (const limit of state.limits) {
        if (limit.amount === null && limit.pending_from === null) continue;
        const pending = limit.pending_from ? `; ${rupees(limit.pending_amount)} pending from ${limit.pending_from}` : '';
        context.print(`  ${limit.kind} ${limit.period}: ${rupees(limit.amount)}, used ${rupees(limit.used)}${pending}`);
      }
      context.print(
        `  reality check: ${state.reality_check_minutes || 'off'} min; session limit: ${state.session_limit_minutes || 'off'} min`,
      );
      context.print(
        `  pause: ${state.pause ? `${state.pause.kind} until ${state.pause.until ?? 'the player asks to return'}` : 'none'}`,
      );
      for (const event of await listEvents(context.database.db, user.id, 50)) {
        context.print(`  ${new Date(Number(event.created_at)).toISOString()} ${event.actor} ${event.action}: ${event.detail}`);
      }
    },
  },
  {
    name: 'rg set-limit',
    usage: 'rg set-limit --name N --kind deposit|loss|stake --period day|week|month --amount RUPEES   (tighten only)',
    options: ['name', 'kind', 'period', 'amount'],
    playerOption: 'name',
    async run(context) {
      const kind = requireOption(context, 'kind') as RgLimitKind;
      const period = requireOption(context, 'period') as RgPeriod;
      if (!RG_LIMIT_KINDS.includes(kind)) throw new UsageError('--kind must be deposit, loss or stake');
      if (!RG_PERIODS.includes(period)) throw new UsageError('--period must be day, week or month');
      const amount = Number(requireOption(context, 'amount'));
      if (!Number.isFinite(amount) || amount <= 0 || !isWholePaise(amount)) {
        throw new UsageError('--amount must be rupees with at most two decimals, more than 0');
      }
      const { user, rg } = await playerOf(context);
      const state = await rg.setLimit(user.id, kind, period, rupeesToPaise(amount), { kind: 'operator', name: 'system' });
      const limit = state.limits.find((row) => row.kind === kind && row.period === period);
      context.print(`${user.user_name}: ${kind} ${period} limit ${rupees(limit?.amount ?? null)}`);
    },
  },
];
