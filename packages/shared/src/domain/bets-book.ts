/**
 * A player's book in one market: profit or loss for every outcome, netting all their bets
 * (a lay can offset a back), and the exposure, the worst of those losses (docs/product.md).
 * Each bet's amounts are rounded on their own (bets.ts), so the book is exactly what settling
 * the bets one by one would pay.
 */
import type { Bet, FancyBet, MarketBet } from './bets';
import { type FancyLadderRow, fancyLadder, fancyPositionExposure, marketPositionExposure, positionOf } from './bets-position';

export interface Runner {
  selectionId: number;
  teamName: string;
}

/** One row of the win/loss list (docs/product.md §3 `{team_name, profit_loss}`), in paise. */
export interface RunnerProfitLoss extends Runner {
  profitLossPaise: number;
}

/** Profit (+) or loss (−) of all the bets when `winnerSelectionId` wins. */
export function marketProfitLossIfWins(bets: readonly MarketBet[], winnerSelectionId: number): number {
  const { baseline, steps } = positionOf(bets);
  return baseline + (steps.get(winnerSelectionId) ?? 0);
}

/** The win/loss list: for each runner of the market, the player's profit or loss if it wins. */
export function runnerBook(bets: readonly MarketBet[], runners: readonly Runner[]): RunnerProfitLoss[] {
  const { baseline, steps } = positionOf(bets);
  return runners.map((runner) => ({ ...runner, profitLossPaise: baseline + (steps.get(runner.selectionId) ?? 0) }));
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
  return marketPositionExposure(positionOf(bets), runnerIds, winners);
}

/** Profit (+) or loss (−) of all the bets when the runners `winnerSelectionIds` win together. */
export function marketProfitLossAmong(bets: readonly MarketBet[], winnerSelectionIds: readonly number[]): number {
  const { baseline, steps } = positionOf(bets);
  return [...new Set(winnerSelectionIds)].reduce((sum, id) => sum + (steps.get(id) ?? 0), baseline);
}

/** One step of a fancy book: the profit or loss for every result from `fromRun` to `toRun` (null: and above). */
export type FancyBookRow = FancyLadderRow;

/**
 * The total is a step function of the result: it changes only where the result reaches a bet's
 * run (Yes bets there turn to wins, No bets to losses). Results are whole runs from 0, so the
 * rows start at 0 and at each run.
 */
export function fancyBook(bets: readonly FancyBet[]): FancyBookRow[] {
  return fancyLadder(positionOf(bets));
}

/** Profit (+) or loss (−) of all the bets at the declared result. */
export function fancyProfitLossAt(bets: readonly FancyBet[], resultRun: number): number {
  const rows = fancyBook(bets);
  const row = rows.findLast((candidate) => candidate.fromRun <= resultRun);
  return row?.profitLossPaise ?? 0;
}

/** Worst-case loss (≥ 0) of the bets over every possible result (the critical runs are enough). */
export function fancyExposurePaise(bets: readonly FancyBet[]): number {
  return fancyPositionExposure(positionOf(bets));
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
