import { type AdminCommand, type CommandContext, parseWholeNumber, requireOption, UsageError } from '../../plugins/admin-command';
import { createBonusModule } from '../bonus';
import { createMoneyModule, parseReason } from '../money';
import { findFancySummary, findMarketSummary, listRunners } from '../markets';
import { winnersOf } from './settlement-outcome';
import { createSettlementService, type Decision, type SettleOnce, type SettleResult } from './settlement.service';

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

/**
 * A settlement command's `--key K` and audit row, both in the settlement's own transaction, an
 * `already` answer's too (docs/operators.md, "The CLI as an operator"): `what` is what the
 * operator asked (the winners, the run, the reason).
 */
function onceOf(context: CommandContext, target: string, what: Record<string, unknown>): SettleOnce {
  return {
    idempotency: context.idempotency,
    within: (tx, result) =>
      context.auditWithin(tx, {
        target,
        before: result.status === 'settled' && result.settlementNo > 1 ? { settlement_no: result.settlementNo - 1 } : null,
        after: { ...what, status: result.status, settlement_no: result.settlementNo, bets: result.bets },
      }),
  };
}

function report(context: CommandContext, target: string, result: SettleResult): void {
  if (result.status === 'already')
    context.print(`${target} was already settled (settlement ${result.settlementNo}); nothing changed`);
  else context.print(`${target} settled (settlement ${result.settlementNo}): ${result.bets} bets`);
}

/** `--reason R`: why an operator corrects a settlement, kept with it and shown in the players' statements. */
function reasonOf(context: CommandContext): string | null {
  const text = context.options.reason;
  return text === undefined ? null : parseReason(text);
}

/** A correction names what it did: a settlement after the first reversed the one before it (docs/betting.md "Corrections"). */
function reportCorrection(
  context: CommandContext,
  target: string,
  result: SettleResult,
  what: string,
  reason: string | null,
): void {
  const why = reason ? `; reason: ${reason}` : ' (no --reason given)';
  if (result.status === 'already') {
    context.print(`${target} was already ${what} (settlement ${result.settlementNo}); nothing changed`);
  } else if (result.settlementNo === 1) {
    context.print(`${target} ${what} (settlement 1): ${result.bets} bets${why}`);
  } else {
    context.print(
      `${target} ${what} (settlement ${result.settlementNo}, settlement ${result.settlementNo - 1} reversed): ${result.bets} bets${why}`,
    );
  }
}

async function fancyTarget(context: CommandContext): Promise<string> {
  const fancyId = parseWholeNumber(requireOption(context, 'fancy'), '--fancy');
  if (!(await findFancySummary(context.database.db, fancyId))) throw new UsageError(`no fancy line has id ${fancyId}`);
  return `F:${fancyId}`;
}

function runOf(context: CommandContext): number {
  const run = parseWholeNumber(requireOption(context, 'run'), '--run');
  if (run < 0) throw new UsageError('--run must be 0 or more');
  return run;
}

export const betCommands: AdminCommand[] = [
  {
    name: 'market result',
    usage: 'market result --market ID --winner SELECTION_ID[,SELECTION_ID…] [--key K]',
    options: ['market', 'winner'],
    movesMoney: true,
    async run(context) {
      const target = await marketTarget(context);
      const decision = await winnerOf(context, target);
      const once = onceOf(context, target, { winners: winnersOf(decision) });
      report(context, target, await settlementOf(context).settle(target, decision, 'operator', null, once));
    },
  },
  {
    // Before a result: settles the market void. After one: reverses it (every stake back).
    name: 'market void',
    usage: 'market void --market ID [--reason R] [--key K]',
    options: ['market', 'reason'],
    movesMoney: true,
    async run(context) {
      const target = await marketTarget(context);
      const reason = reasonOf(context);
      const result = await settlementOf(context).voidTarget(target, 'operator', reason, onceOf(context, target, { reason }));
      reportCorrection(context, target, result, 'voided', reason);
    },
  },
  {
    name: 'market resettle',
    usage: 'market resettle --market ID --winner SELECTION_ID[,SELECTION_ID…] [--reason R] [--key K]',
    options: ['market', 'winner', 'reason'],
    movesMoney: true,
    async run(context) {
      const target = await marketTarget(context);
      const reason = reasonOf(context);
      const decision = await winnerOf(context, target);
      const once = onceOf(context, target, { winners: winnersOf(decision), reason });
      const result = await settlementOf(context).resettle(target, decision, 'operator', reason, once);
      reportCorrection(context, target, result, 're-settled', reason);
    },
  },
  {
    name: 'fancy result',
    usage: 'fancy result --fancy ID --run N [--key K]',
    options: ['fancy', 'run'],
    movesMoney: true,
    async run(context) {
      const target = await fancyTarget(context);
      const run = runOf(context);
      const once = onceOf(context, target, { run });
      report(context, target, await settlementOf(context).settle(target, { outcome: 'run', run }, 'operator', null, once));
    },
  },
  {
    name: 'fancy void',
    usage: 'fancy void --fancy ID [--reason R] [--key K]',
    options: ['fancy', 'reason'],
    movesMoney: true,
    async run(context) {
      const target = await fancyTarget(context);
      const reason = reasonOf(context);
      const result = await settlementOf(context).voidTarget(target, 'operator', reason, onceOf(context, target, { reason }));
      reportCorrection(context, target, result, 'voided', reason);
    },
  },
  {
    name: 'fancy resettle',
    usage: 'fancy resettle --fancy ID --run N [--reason R] [--key K]',
    options: ['fancy', 'run', 'reason'],
    movesMoney: true,
    async run(context) {
      const target = await fancyTarget(context);
      const reason = reasonOf(context);
      const run = runOf(context);
      const once = onceOf(context, target, { run, reason });
      const result = await settlementOf(context).resettle(target, { outcome: 'run', run }, 'operator', reason, once);
      reportCorrection(context, target, result, 're-settled', reason);
    },
  },
];
