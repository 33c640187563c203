import { MULTIPLIER_SCALE } from './floats';

/**
 * Our video slots (docs/casino.md, Slots; docs/casino-fairness.md, Slots): reel strips, paylines,
 * paytables, evaluation and their exact RTP. Pure data and arithmetic: the server, the browser,
 * the RTP bench and the tests run this same code.
 *
 * A spin takes one float per reel: reel i stops at floor(f × strip length), and shows the symbols
 * at positions stop, stop + 1, stop + 2 (wrapping) from the top row down.
 */

/** Rows shown on every reel. */
export const SLOT_ROWS = 3;

export interface SlotFreeSpins {
  /** The scatter symbol: it pays nothing on lines; N of them anywhere award free spins. */
  scatter: string;
  /** Scatters shown → free spins awarded (at the round's stake, paid by the round). */
  awards: Readonly<Record<number, number>>;
  /** The reels the free spins use: without scatters, so free spins never retrigger. */
  reels: readonly string[];
  /** Free-spin wins are multiplied by this. */
  multiplier: number;
}

export interface SlotDefinition {
  /** One string per reel, one character per symbol, top of the strip first. */
  reels: readonly string[];
  kind: 'lines' | 'ways';
  /** Lines: each the row (0 top … 2 bottom) it crosses on each reel. */
  paylines: readonly (readonly number[])[];
  /** symbol → pays by run length (index = symbols in a row from the leftmost reel), in units. */
  pays: Readonly<Record<string, readonly number[]>>;
  /** Units the stake is split into: a unit of pay returns stake / units (lines: the lines played). */
  units: number;
  freeSpins?: SlotFreeSpins;
}

/** A winning line (or, in a ways slot, a winning symbol); `pays` is in ten-thousandths of the stake. */
export interface SlotWin {
  line?: number;
  symbol: string;
  count: number;
  ways?: number;
  pays: number;
}

export interface SlotSpin {
  stops: number[];
  wins: SlotWin[];
}

/** The 20 lines of our 5 × 3 slots (the first 10 play in Star Spins). */
export const PAYLINES_5X3: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
];

/** The 5 lines of the classic 3-reel slot: middle, top, bottom, the two diagonals. */
export const PAYLINES_3X3: readonly (readonly number[])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/** The symbol on reel `reel` at row `row` when it stops at `stop`. */
export function slotSymbolAt(reels: readonly string[], reel: number, stop: number, row: number): string {
  const strip = reels[reel] ?? '';
  return strip[(stop + row) % strip.length] ?? '';
}

/** What each reel shows, top row first. */
export function slotWindow(reels: readonly string[], stops: readonly number[]): string[][] {
  return stops.map((stop, reel) => Array.from({ length: SLOT_ROWS }, (_, row) => slotSymbolAt(reels, reel, stop, row)));
}

/** Stops from floats: reel i stops at floor(f_i × strip length). */
export function slotStops(reels: readonly string[], floats: readonly number[]): number[] {
  return reels.map((strip, reel) => {
    const float = floats[reel];
    if (float === undefined) throw new Error(`Float ${reel} is missing`);
    return Math.floor(float * strip.length);
  });
}

function unitPays(units: number, multiplier: number) {
  return (pay: number) => (pay * multiplier * MULTIPLIER_SCALE) / units;
}

/**
 * The wins of one spin. Lines: the leftmost run of one symbol along each line played pays
 * `pays[symbol][run]`. Ways: a symbol on reels 1 … k (anywhere in the window) pays
 * `pays[symbol][k]` × the product of how often it shows on each of those reels.
 */
export function evaluateSlotSpin(
  slot: SlotDefinition,
  reels: readonly string[],
  stops: readonly number[],
  lines: number,
  units: number,
  multiplier = 1,
): SlotWin[] {
  const window = slotWindow(reels, stops);
  const toPays = unitPays(units, multiplier);
  const wins: SlotWin[] = [];
  if (slot.kind === 'lines') {
    slot.paylines.slice(0, lines).forEach((line, index) => {
      const symbols = line.map((row, reel) => window[reel]?.[row] ?? '');
      const symbol = symbols[0] ?? '';
      let count = 0;
      while (count < symbols.length && symbols[count] === symbol) count += 1;
      const pay = slot.pays[symbol]?.[count] ?? 0;
      if (pay > 0) wins.push({ line: index + 1, symbol, count, pays: toPays(pay) });
    });
    return wins;
  }
  for (const symbol of Object.keys(slot.pays)) {
    let ways = 1;
    let count = 0;
    for (const column of window) {
      const shown = column.filter((cell) => cell === symbol).length;
      if (shown === 0) break;
      ways *= shown;
      count += 1;
    }
    const pay = slot.pays[symbol]?.[count] ?? 0;
    if (pay > 0) wins.push({ symbol, count, ways, pays: toPays(pay) * ways });
  }
  return wins;
}

/** How many scatters a window shows. */
export function countScatters(reels: readonly string[], stops: readonly number[], scatter: string): number {
  return slotWindow(reels, stops)
    .flat()
    .filter((cell) => cell === scatter).length;
}

export function maxFreeSpins(slot: SlotDefinition): number {
  return slot.freeSpins ? Math.max(0, ...Object.values(slot.freeSpins.awards)) : 0;
}

/** Floats a round takes: one per reel, and one per reel for each free spin it could award. */
export function slotFloatCount(slot: SlotDefinition): number {
  return slot.reels.length * (1 + maxFreeSpins(slot));
}

export interface SlotRound {
  stops: number[];
  wins: SlotWin[];
  scatters?: number;
  free_spins?: SlotSpin[];
}

/**
 * A whole round: the base spin from floats 0 … reels − 1, then, if scatters award N free spins,
 * free spin j from the next `reels` floats each (floats (j + 1) × reels …). The multiplier is
 * the sum of every win (×10 000 of the stake).
 */
export function playSlotRound(
  slot: SlotDefinition,
  floats: readonly number[],
  lines: number,
): { outcome: SlotRound; multiplier: number } {
  const units = slot.kind === 'lines' ? lines : slot.units;
  const stops = slotStops(slot.reels, floats);
  const wins = evaluateSlotSpin(slot, slot.reels, stops, lines, units);
  let multiplier = wins.reduce((sum, win) => sum + win.pays, 0);
  const outcome: SlotRound = { stops, wins };
  const feature = slot.freeSpins;
  if (feature) {
    const scatters = countScatters(slot.reels, stops, feature.scatter);
    const awarded = feature.awards[scatters] ?? 0;
    const reelCount = slot.reels.length;
    const freeSpins: SlotSpin[] = [];
    for (let spin = 1; spin <= awarded; spin += 1) {
      const freeStops = slotStops(feature.reels, floats.slice(spin * reelCount, (spin + 1) * reelCount));
      const freeWins = evaluateSlotSpin(slot, feature.reels, freeStops, lines, units, feature.multiplier);
      multiplier += freeWins.reduce((sum, win) => sum + win.pays, 0);
      freeSpins.push({ stops: freeStops, wins: freeWins });
    }
    outcome.scatters = scatters;
    outcome.free_spins = freeSpins;
  }
  return { outcome, multiplier };
}

// ——— Exact RTP ———

/** A non-negative rational, exact. */
export interface Ratio {
  n: bigint;
  d: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
export function ratio(n: bigint | number, d: bigint | number = 1n): Ratio {
  const nn = BigInt(n);
  const dd = BigInt(d);
  const g = gcd(nn < 0n ? -nn : nn, dd) || 1n;
  return { n: nn / g, d: dd / g };
}
const add = (a: Ratio, b: Ratio) => ratio(a.n * b.d + b.n * a.d, a.d * b.d);
const mul = (a: Ratio, b: Ratio) => ratio(a.n * b.n, a.d * b.d);

function countOf(strip: string, symbol: string): number {
  let count = 0;
  for (const cell of strip) if (cell === symbol) count += 1;
  return count;
}

/** Stops of a strip at which the window shows `symbol` exactly k times, k = 0 … 3. */
function windowCounts(strip: string, symbol: string): number[] {
  const counts = [0, 0, 0, 0];
  for (let stop = 0; stop < strip.length; stop += 1) {
    let shown = 0;
    for (let row = 0; row < SLOT_ROWS; row += 1) if (strip[(stop + row) % strip.length] === symbol) shown += 1;
    counts[shown] = (counts[shown] ?? 0) + 1;
  }
  return counts;
}

/**
 * The expected pay of one spin in units, exactly. Lines: every line crosses one row per reel and
 * each row of a reel shows its strip's symbols with the strip's frequencies, the reels being
 * independent, so each line's expected pay is Σ symbols Σ runs k pays[k] × Π_{i<k} c_i / L_i ×
 * (1 − c_k / L_k) (the last factor absent for a full run), the same on every line. Ways: the
 * expected product of the counts shown on reels 1 … k is the product of their expectations
 * (3 c_i / L_i each), times the chance that reel k + 1 does not show the symbol.
 */
export function slotSpinEvUnits(slot: SlotDefinition, reels: readonly string[]): Ratio {
  let total = ratio(0);
  for (const [symbol, pays] of Object.entries(slot.pays)) {
    let reach = ratio(1);
    for (let k = 1; k <= reels.length; k += 1) {
      const strip = reels[k - 1] ?? '';
      const perReel =
        slot.kind === 'lines'
          ? ratio(countOf(strip, symbol), strip.length)
          : ratio(SLOT_ROWS * countOf(strip, symbol), strip.length);
      reach = mul(reach, perReel);
      const next = reels[k];
      let stopsHere = ratio(1);
      if (next !== undefined) {
        stopsHere =
          slot.kind === 'lines'
            ? ratio(next.length - countOf(next, symbol), next.length)
            : ratio(windowCounts(next, symbol)[0] ?? 0, next.length);
      }
      const pay = pays[k] ?? 0;
      if (pay > 0) total = add(total, mul(ratio(pay), mul(reach, stopsHere)));
    }
  }
  return total;
}

/** P(the base window shows exactly n scatters), n = 0 … 3 × reels, by convolving the reels. */
export function scatterDistribution(reels: readonly string[], scatter: string): Ratio[] {
  let distribution: Ratio[] = [ratio(1)];
  for (const strip of reels) {
    const counts = windowCounts(strip, scatter);
    const next: Ratio[] = Array.from({ length: distribution.length + SLOT_ROWS }, () => ratio(0));
    distribution.forEach((p, have) => {
      counts.forEach((stops, shown) => {
        if (stops > 0) next[have + shown] = add(next[have + shown] ?? ratio(0), mul(p, ratio(stops, strip.length)));
      });
    });
    distribution = next;
  }
  return distribution;
}

/**
 * The exact RTP (a fraction of the stake) of a slot, whatever the lines played: base-spin EV +
 * Σ_n P(n scatters) × spins(n) × free-spin EV × multiplier. Free spins use reels without
 * scatters, so they never retrigger and the sum is finite.
 */
export function slotRtpExact(slot: SlotDefinition): Ratio {
  const units = slot.kind === 'lines' ? 1 : slot.units;
  let rtp = mul(slotSpinEvUnits(slot, slot.reels), ratio(1, units));
  const feature = slot.freeSpins;
  if (feature) {
    const freeEv = mul(slotSpinEvUnits(slot, feature.reels), ratio(feature.multiplier, units));
    scatterDistribution(slot.reels, feature.scatter).forEach((p, n) => {
      const spins = feature.awards[n] ?? 0;
      if (spins > 0) rtp = add(rtp, mul(p, mul(ratio(spins), freeEv)));
    });
  }
  return rtp;
}

/** A ratio as a percentage rounded to 2 decimals (98.99). */
export function ratioPercent(value: Ratio): number {
  const tenThousandths = (value.n * 10_000n * 2n + value.d) / (value.d * 2n);
  return Number(tenThousandths) / 100;
}
