/**
 * Betfair's price ladder, with odds as integers in hundredths (1.01 → 101, 1000 → 100000).
 * Every match-odds price the platform offers is a rung of this ladder.
 */
const LADDER_BANDS: readonly { upTo: number; step: number }[] = [
  { upTo: 200, step: 1 },
  { upTo: 300, step: 2 },
  { upTo: 400, step: 5 },
  { upTo: 600, step: 10 },
  { upTo: 1000, step: 20 },
  { upTo: 2000, step: 50 },
  { upTo: 3000, step: 100 },
  { upTo: 5000, step: 200 },
  { upTo: 10000, step: 500 },
  { upTo: 100000, step: 1000 },
];

export const MIN_ODDS_HUNDREDTHS = 101;
export const MAX_ODDS_HUNDREDTHS = 100000;

/** Every rung, lowest first (350 of them). */
export const ODDS_LADDER: readonly number[] = (() => {
  const rungs: number[] = [];
  let from = MIN_ODDS_HUNDREDTHS - 1;
  for (const band of LADDER_BANDS) {
    for (let odds = from + band.step; odds <= band.upTo; odds += band.step) rungs.push(odds);
    from = band.upTo;
  }
  return rungs;
})();

const RUNG_INDEX = new Map(ODDS_LADDER.map((odds, index) => [odds, index]));

export function isOnOddsLadder(oddsHundredths: number): boolean {
  return RUNG_INDEX.has(oddsHundredths);
}

/** The highest rung at or below the odds (clamped to the ladder). */
export function oddsLadderFloor(oddsHundredths: number): number {
  if (oddsHundredths <= MIN_ODDS_HUNDREDTHS) return MIN_ODDS_HUNDREDTHS;
  if (oddsHundredths >= MAX_ODDS_HUNDREDTHS) return MAX_ODDS_HUNDREDTHS;
  let low = 0;
  let high = ODDS_LADDER.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((ODDS_LADDER[mid] ?? 0) <= oddsHundredths) low = mid;
    else high = mid - 1;
  }
  return ODDS_LADDER[low] ?? MIN_ODDS_HUNDREDTHS;
}

/** The rung `ticks` steps away (negative: lower), clamped to the ladder; the odds must be a rung. */
export function oddsLadderStep(oddsHundredths: number, ticks: number): number {
  const index = RUNG_INDEX.get(oddsLadderFloor(oddsHundredths)) ?? 0;
  const next = Math.min(ODDS_LADDER.length - 1, Math.max(0, index + ticks));
  return ODDS_LADDER[next] ?? oddsHundredths;
}

/** A market is a bookmaker market (odds per 100) when its name says so or its id starts 9991 (docs/product.md §9). */
export function isBookmakerMarket(marketId: string, marketName: string): boolean {
  return marketId.startsWith('9991') || /bookmaker/i.test(marketName);
}
