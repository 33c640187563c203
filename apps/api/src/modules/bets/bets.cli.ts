import { type AdminCommand, type CommandContext, parseWholeNumber, requireOption, UsageError } from '../../cli/command';
import { createBonusModule } from '../bonus';
import { createMoneyModule } from '../money';
import { findFancySummary, findMarketSummary, listRunners } from './bets.repository';
import { createSettlementService, type Decision, type SettleResult } from './settlement.service';

function settlementOf(context: CommandContext) {
  const db = context.database.db;
  const { clock } = context;
  const { money } = createMoneyModule({ db, clock });
  return createSettlementService(db, clock, { money, bonuses: createBonusModule({ db, clock, money }).bonuses });
}

async function marketTarget(context: CommandContext): Promise<string> {
  const marketId = requireOption(context, 'market');
  if (!/^[0-9.]{1,40}$/.test(marketId)) throw new UsageError('--market must be a market id such as 1.1234501 or 99911234');
  if (!(await findMarketSummary(context.database.db, marketId))) throw new UsageError(`no market has id ${marketId}`);
  return `M:${marketId}`;
}

/**
 * `--winner SELECTION_ID`, or for a market paying several runners (a Place market) every placed
 * runner: `--winner 11,12,13`, exactly as many as the market pays.
 */
async function winnerOf(context: CommandContext, target: string): Promise<Decision> {
  const db = context.database.db;
  const marketId = target.slice(2);
  const places = Number((await findMarketSummary(db, marketId))?.number_of_winners ?? 1);
  const text = requireOption(context, 'winner');
  const winners = text.split(',').map((part) => parseWholeNumber(part.trim(), '--winner'));
  if (new Set(winners).size !== winners.length) throw new UsageError('--winner names a runner twice');
  if (winners.length !== places) {
    throw new UsageError(
      places === 1
        ? '--winner takes one selection id in this market'
        : `market ${marketId} pays ${places} runners: give all of them, e.g. --winner ${Array.from({ length: places }, (_, i) => i + 11).join(',')}`,
    );
  }
  const runners = await listRunners(db, marketId);
  for (const winner of winners) {
    if (!runners.some((runner) => runner.selection_id === winner)) {
      throw new UsageError(
        `selection ${winner} is not a runner of market ${marketId} (${runners.map((r) => `${r.selection_id} ${r.name}`).join(', ')})`,
      );
    }
  }
  const [first] = winners;
  return places === 1 && first !== undefined
    ? { outcome: 'winner', winnerSelectionId: first }
    : { outcome: 'winners', winnerSelectionIds: winners };
}

function report(context: CommandContext, target: string, result: SettleResult): void {
  if (result.status === 'already')
    context.print(`${target} was already settled (settlement ${result.settlementNo}); nothing changed`);
  else context.print(`${target} settled (settlement ${result.settlementNo}): ${result.bets} bets`);
}

export const betCommands: AdminCommand[] = [
  {
    name: 'market result',
    usage: 'market result --market ID --winner SELECTION_ID[,SELECTION_ID…]',
    options: ['market', 'winner'],
    async run(context) {
      const target = await marketTarget(context);
      report(context, target, await settlementOf(context).settle(target, await winnerOf(context, target), 'operator'));
    },
  },
  {
    name: 'market void',
    usage: 'market void --market ID',
    options: ['market'],
    async run(context) {
      const target = await marketTarget(context);
      report(context, target, await settlementOf(context).settle(target, { outcome: 'void' }, 'operator'));
    },
  },
  {
    name: 'market resettle',
    usage: 'market resettle --market ID --winner SELECTION_ID[,SELECTION_ID…]',
    options: ['market', 'winner'],
    async run(context) {
      const target = await marketTarget(context);
      report(context, target, await settlementOf(context).resettle(target, await winnerOf(context, target), 'operator'));
    },
  },
  {
    name: 'fancy result',
    usage: 'fancy result --fancy ID --run N',
    options: ['fancy', 'run'],
    async run(context) {
      const fancyId = parseWholeNumber(requireOption(context, 'fancy'), '--fancy');
      const run = parseWholeNumber(requireOption(context, 'run'), '--run');
      if (run < 0) throw new UsageError('--run must be 0 or more');
      if (!(await findFancySummary(context.database.db, fancyId))) throw new UsageError(`no fancy line has id ${fancyId}`);
      const target = `F:${fancyId}`;
      report(context, target, await settlementOf(context).settle(target, { outcome: 'run', run }, 'operator'));
    },
  },
];
