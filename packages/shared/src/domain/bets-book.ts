/**
 * A player's book in one market: profit or loss for every outcome, netting all their bets
 * (a lay can offset a back), and the exposure, the worst of those losses (product-rules.md).
 * Each bet's amounts are rounded on their own (bets.ts), so the book is exactly what settling
 * the bets one by one would pay.
 */
import { type Bet, type FancyBet, type MarketBet, winAndLoss } from './bets';

export interface Runner {
  selectionId: number;
  teamName: string;
}

/** One row of the win/loss list (spec §3 `{team_name, profit_loss}`), in paise. */
export interface RunnerProfitLoss extends Runner {
  profitLossPaise: number;
}

/**
 * `baseline`: the total when none of the bets' selections wins. `swingBySelection`: what the
 * total moves by when that selection wins instead (backs on it turn from loss to win, lays the other way).
 */
function marketTotals(bets: readonly MarketBet[]): { baseline: number; swingBySelection: Map<number, number> } {
  let baseline = 0;
  const swingBySelection = new Map<number, number>();
  for (const bet of bets) {
    const { winPaise, lossPaise } = winAndLoss(bet);
    baseline += bet.isBack ? -lossPaise : winPaise;
    const swing = bet.isBack ? winPaise + lossPaise : -(winPaise + lossPaise);
    swingBySelection.set(bet.selectionId, (swingBySelection.get(bet.selectionId) ?? 0) + swing);
  }
  return { baseline, swingBySelection };
}

/** Profit (+) or loss (−) of all the bets when `winnerSelectionId` wins. */
export function marketProfitLossIfWins(bets: readonly MarketBet[], winnerSelectionId: number): number {
  const { baseline, swingBySelection } = marketTotals(bets);
  return baseline + (swingBySelection.get(winnerSelectionId) ?? 0);
}

/** The win/loss list: for each runner of the market, the player's profit or loss if it wins. */
export function runnerBook(bets: readonly MarketBet[], runners: readonly Runner[]): RunnerProfitLoss[] {
  const { baseline, swingBySelection } = marketTotals(bets);
  return runners.map((runner) => ({ ...runner, profitLossPaise: baseline + (swingBySelection.get(runner.selectionId) ?? 0) }));
}

/**
 * Worst-case loss (≥ 0) of the bets over the market's outcomes. An outcome is a set of `winners`
 * runners winning together (1 for match odds; a Place market pays 2 or 3); its total is the
 * baseline plus the swing of each runner in it, so the worst set is the `winners` lowest swings.
 * With `runnerIds` (the market's full runner list) exactly those runners and the bets' own
 * selections can win; without it runners nobody in the book backed or laid (swing 0) may also
 * win. A void market returns stakes (0), which never raises the worst case.
 */
export function marketExposurePaise(bets: readonly MarketBet[], runnerIds?: readonly number[], winners = 1): number {
  if (bets.length === 0) return 0;
  const { baseline, swingBySelection } = marketTotals(bets);
  const swings = [...swingBySelection.values()];
  const unbetRunners = runnerIds === undefined ? winners : runnerIds.filter((id) => !swingBySelection.has(id)).length;
  for (let i = 0; i < Math.min(unbetRunners, winners); i++) swings.push(0);
  swings.sort((a, b) => a - b);
  const worst = Math.min(0, baseline + swings.slice(0, winners).reduce((sum, swing) => sum + swing, 0));
  return Math.max(0, -worst);
}

/** Profit (+) or loss (−) of all the bets when the runners `winnerSelectionIds` win together. */
export function marketProfitLossAmong(bets: readonly MarketBet[], winnerSelectionIds: readonly number[]): number {
  const { baseline, swingBySelection } = marketTotals(bets);
  return [...new Set(winnerSelectionIds)].reduce((sum, id) => sum + (swingBySelection.get(id) ?? 0), baseline);
}

/**
 * The win/loss list of a market that pays several runners (Place): several win together, so no
 * single total belongs to one runner. Each row is what the player's bets on that runner make if
 * it is placed (a back wins, a lay loses its liability), as Betfair shows a place market.
 */
export function placedRunnerBook(bets: readonly MarketBet[], runners: readonly Runner[]): RunnerProfitLoss[] {
  const ifPlaced = new Map<number, number>();
  for (const bet of bets) {
    const { winPaise, lossPaise } = winAndLoss(bet);
    ifPlaced.set(bet.selectionId, (ifPlaced.get(bet.selectionId) ?? 0) + (bet.isBack ? winPaise : -lossPaise));
  }
  return runners.map((runner) => ({ ...runner, profitLossPaise: ifPlaced.get(runner.selectionId) ?? 0 }));
}

/** One step of a fancy book: the profit or loss for every result from `fromRun` to `toRun` (null: and above). */
export interface FancyBookRow {
  fromRun: number;
  toRun: number | null;
  profitLossPaise: number;
}

/**
 * The total is a step function of the result: it changes only where the result reaches a bet's
 * run (Yes bets there turn to wins, No bets to losses). Results are whole runs from 0, so the
 * rows start at 0 and at each run.
 */
export function fancyBook(bets: readonly FancyBet[]): FancyBookRow[] {
  let belowAll = 0;
  const swingByRun = new Map<number, number>();
  for (const bet of bets) {
    const { winPaise, lossPaise } = winAndLoss(bet);
    // Below every run, Yes bets lose and No bets win.
    belowAll += bet.isBack ? -lossPaise : winPaise;
    const swing = bet.isBack ? winPaise + lossPaise : -(winPaise + lossPaise);
    swingByRun.set(bet.run, (swingByRun.get(bet.run) ?? 0) + swing);
  }
  const starts = [...new Set([0, ...swingByRun.keys()])].sort((a, b) => a - b);
  let total = belowAll;
  return starts.map((fromRun, index) => {
    total += swingByRun.get(fromRun) ?? 0;
    const next = starts[index + 1];
    return { fromRun, toRun: next === undefined ? null : next - 1, profitLossPaise: total };
  });
}

/** Profit (+) or loss (−) of all the bets at the declared result. */
export function fancyProfitLossAt(bets: readonly FancyBet[], resultRun: number): number {
  const rows = fancyBook(bets);
  const row = rows.findLast((candidate) => candidate.fromRun <= resultRun);
  return row?.profitLossPaise ?? 0;
}

/** Worst-case loss (≥ 0) of the bets over every possible result (the critical runs are enough). */
export function fancyExposurePaise(bets: readonly FancyBet[]): number {
  let worst = 0;
  for (const row of fancyBook(bets)) worst = Math.min(worst, row.profitLossPaise);
  return Math.max(0, -worst);
}

function isFancy(bet: Bet): bet is FancyBet {
  return bet.kind === 'fancy';
}

/**
 * Exposure of a player's bets in one market of any kind; a market holds fancy bets or runner bets,
 * never both. `winners`: how many runners the market pays (1, or 2–3 for a Place market).
 */
export function exposurePaise(bets: readonly Bet[], runnerIds?: readonly number[], winners = 1): number {
  const fancy = bets.filter(isFancy);
  if (fancy.length === bets.length) return fancyExposurePaise(fancy);
  if (fancy.length > 0) throw new RangeError('A market holds either fancy bets or runner bets, not both');
  return marketExposurePaise(bets as readonly MarketBet[], runnerIds, winners);
}

/**
 * How much a new bet moves the player's exposure in its market: positive means more must be
 * held, negative means the bet frees money (a lay against a back already held).
 */
export function exposureChangePaise(existing: readonly Bet[], newBet: Bet, runnerIds?: readonly number[], winners = 1): number {
  return exposurePaise([...existing, newBet], runnerIds, winners) - exposurePaise(existing, runnerIds, winners);
}
