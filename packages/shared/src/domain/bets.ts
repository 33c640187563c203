/**
 * The money of one bet (docs/product.md "Bets", docs/product.md §9), used by the bet slip and the server.
 * Stakes and amounts are integer paise. Odds are integers in hundredths: match odds are decimal
 * odds × 100 (1.85 → 185); bookmaker odds are the per-100 rate as quoted (85 pays 0.85 a rupee);
 * a fancy bet has an integer line `run` and a `size` per 100. Rounding, when a stake in paise makes
 * an amount fractional, is toward the house: winnings round down, losses round up (docs/betting.md).
 */
import type { BetSelection } from './bet-selection';

export type MarketKind = 'match_odds' | 'bookmaker' | 'fancy';

/** Bookmaker markets are named so, or carry ids with this prefix (docs/product.md). */
export const BOOKMAKER_MARKET_ID_PREFIX = '9991';
/** Decimal odds 1.01 to 1000.00, in hundredths. */
export const MIN_MATCH_ODDS = 101;
export const MAX_MATCH_ODDS = 100_000;
/** Per-100 rates and fancy sizes above 1000 a rupee are no real price. */
export const MAX_RATE_PER_100 = 100_000;
export const MAX_FANCY_RUN = 100_000;
/**
 * ₹10 crore. Bounded so that stake × odds (≤ 10^10 × 10^5) stays an exact integer in a double, and
 * a market's sums of many bets stay far below 2^53.
 */
export const MAX_STAKE_PAISE = 10_000_000_000;
/** The slip's odds stepper: 0.01 twice a click (docs/product.md §9), in hundredths. */
export const ODDS_STEP_HUNDREDTHS = 2;

/** A bet on a runner of a match-odds or bookmaker market. `odds` in hundredths or per 100. */
export interface MarketBet {
  kind: 'match_odds' | 'bookmaker';
  selectionId: number;
  isBack: boolean;
  odds: number;
  stakePaise: number;
}

/** A fancy (session runs) bet: back is Yes (result ≥ run), lay is No (result < run). */
export interface FancyBet {
  kind: 'fancy';
  isBack: boolean;
  run: number;
  size: number;
  stakePaise: number;
}

export type Bet = MarketBet | FancyBet;

/**
 * A market bet when bet_type is 'M', otherwise fancy (docs/product.md §4). A market bet is on a bookmaker
 * market when the market's name contains "bookmaker" (any case) or its id starts with 9991.
 */
export function marketKindOf(market: { bet_type: string; marketName: string; market_id: string | number }): MarketKind {
  if (market.bet_type !== 'M') return 'fancy';
  const isBookmaker = /bookmaker/i.test(market.marketName) || String(market.market_id).startsWith(BOOKMAKER_MARKET_ID_PREFIX);
  return isBookmaker ? 'bookmaker' : 'match_odds';
}

function isIntegerIn(value: number, min: number, max: number): boolean {
  return Number.isSafeInteger(value) && value >= min && value <= max;
}

/** Why a bet cannot be priced, or null. Every function below refuses such a bet with a RangeError. */
export function betProblem(bet: Bet): string | null {
  if (!isIntegerIn(bet.stakePaise, 1, MAX_STAKE_PAISE)) return 'stake must be a whole number of paise from 1 to the maximum';
  switch (bet.kind) {
    case 'match_odds':
      if (!isIntegerIn(bet.odds, MIN_MATCH_ODDS, MAX_MATCH_ODDS)) return 'odds must be from 1.01 to 1000 in hundredths';
      return Number.isSafeInteger(bet.selectionId) ? null : 'selection must be an integer id';
    case 'bookmaker':
      if (!isIntegerIn(bet.odds, 1, MAX_RATE_PER_100)) return 'bookmaker odds must be a whole rate per 100 from 1';
      return Number.isSafeInteger(bet.selectionId) ? null : 'selection must be an integer id';
    case 'fancy':
      if (!isIntegerIn(bet.run, 0, MAX_FANCY_RUN)) return 'run must be a whole number of runs';
      return isIntegerIn(bet.size, 1, MAX_RATE_PER_100) ? null : 'size must be a whole rate per 100 from 1';
  }
}

export function assertValidBet(bet: Bet): void {
  const problem = betProblem(bet);
  if (problem) throw new RangeError(`Invalid bet: ${problem}`);
}

// Exact integer division; `Math.floor(n / 100)` could round wrongly once n nears 2^53.
function floorDiv(numerator: number, divisor: number): number {
  const remainder = ((numerator % divisor) + divisor) % divisor;
  return (numerator - remainder) / divisor;
}
function ceilDiv(numerator: number, divisor: number): number {
  return -floorDiv(-numerator, divisor);
}

/**
 * What the odds pay per 100 paise staked, over the stake returned: (o − 1)·100 for decimal odds,
 * the rate for bookmaker, the size for fancy.
 */
function payPer100(bet: Bet): number {
  if (bet.kind === 'fancy') return bet.size;
  return bet.kind === 'match_odds' ? bet.odds - 100 : bet.odds;
}

export interface WinAndLoss {
  /** What the player wins when the bet wins (≥ 0, paise, rounded down). */
  winPaise: number;
  /** What the player loses when it loses (≥ 0, paise, rounded up): the bet's liability. */
  lossPaise: number;
}

/**
 * Back: wins the odds' payout, loses the stake. Lay: wins the stake, loses the payout (the
 * backer's winnings). Fancy Yes is a back and No a lay at the size.
 */
export function winAndLoss(bet: Bet): WinAndLoss {
  assertValidBet(bet);
  const payout = bet.stakePaise * payPer100(bet);
  return bet.isBack
    ? { winPaise: floorDiv(payout, 100), lossPaise: bet.stakePaise }
    : { winPaise: bet.stakePaise, lossPaise: ceilDiv(payout, 100) };
}

/** Spec §9 possible win: (odds − 1)·stake, odds/100·stake for bookmaker, the plain stake for a lay. */
export function possibleWinPaise(bet: Bet): number {
  return winAndLoss(bet).winPaise;
}

/** What a single bet holds as exposure: its loss. */
export function liabilityPaise(bet: Bet): number {
  return winAndLoss(bet).lossPaise;
}

/** Whether the bet wins when `winnerSelectionId` wins (match odds, bookmaker). */
export function doesMarketBetWin(bet: MarketBet, winnerSelectionId: number): boolean {
  return (bet.selectionId === winnerSelectionId) === bet.isBack;
}

/**
 * Whether the bet wins when the runners `winnerSelectionIds` win together (a Place market pays
 * several): a back wins when its runner is among them, a lay when it is not.
 */
export function doesMarketBetWinAmong(bet: MarketBet, winnerSelectionIds: readonly number[]): boolean {
  return winnerSelectionIds.includes(bet.selectionId) === bet.isBack;
}

/** Whether the bet wins at the declared run: Yes when result ≥ run, No when result < run. */
export function doesFancyBetWin(bet: FancyBet, resultRun: number): boolean {
  return resultRun >= bet.run === bet.isBack;
}

/** Signed profit (+) or loss (−) in paise when `winnerSelectionId` wins. */
export function marketBetProfitLoss(bet: MarketBet, winnerSelectionId: number): number {
  const { winPaise, lossPaise } = winAndLoss(bet);
  return doesMarketBetWin(bet, winnerSelectionId) ? winPaise : -lossPaise;
}

/** Signed profit (+) or loss (−) in paise when the runners `winnerSelectionIds` win together. */
export function marketBetProfitLossAmong(bet: MarketBet, winnerSelectionIds: readonly number[]): number {
  const { winPaise, lossPaise } = winAndLoss(bet);
  return doesMarketBetWinAmong(bet, winnerSelectionIds) ? winPaise : -lossPaise;
}

/** Signed profit (+) or loss (−) in paise at the declared result run. */
export function fancyBetProfitLoss(bet: FancyBet, resultRun: number): number {
  const { winPaise, lossPaise } = winAndLoss(bet);
  return doesFancyBetWin(bet, resultRun) ? winPaise : -lossPaise;
}

/** Decimal odds (1.85) or a per-100 rate to the integer the model uses; null when not a 2-decimal price. */
export function toOddsHundredths(kind: MarketKind, odds: number): number | null {
  if (!Number.isFinite(odds) || odds <= 0) return null;
  if (kind !== 'match_odds') return Number.isSafeInteger(odds) ? odds : null;
  const hundredths = Math.round(odds * 100);
  return Math.abs(hundredths - odds * 100) < 1e-6 ? hundredths : null;
}

/** The integer odds back to what the wire and the screen show: 185 → 1.85; rates unchanged. */
export function fromOddsHundredths(kind: MarketKind, odds: number): number {
  return kind === 'match_odds' ? odds / 100 : odds;
}

/**
 * The model's bet for a clicked selection at a stake, with `odds` overriding the selection's
 * (the slip's stepper; already in hundredths or per 100). Null when the selection has no valid price.
 */
export function betFromSelection(selection: BetSelection, stakePaise: number, odds?: number): Bet | null {
  const kind = marketKindOf(selection);
  const isBack = selection.is_back === 1;
  let bet: Bet;
  if (kind === 'fancy') {
    if (selection.run === undefined) return null;
    const size = odds ?? toOddsHundredths('fancy', selection.size ?? selection.odds);
    if (size === null) return null;
    bet = { kind, isBack, run: selection.run, size, stakePaise };
  } else {
    const price = odds ?? toOddsHundredths(kind, selection.odds);
    if (price === null) return null;
    bet = { kind, selectionId: selection.selection_id, isBack, odds: price, stakePaise };
  }
  return betProblem(bet) === null ? bet : null;
}
