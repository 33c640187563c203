/**
 * The "run position" of a fancy line, as Indian exchanges show it: the player's profit or loss
 * for each result around the lines they bet on, one run at a time near each line and one row
 * for each stretch in between (docs/betting.md "The fancy ladder").
 */
import type { FancyBet } from './bets';
import { type FancyBookRow, fancyBook } from './bets-book';

/** Runs shown one by one below and at/above each line the player bet on. */
export const RUN_POSITION_MARGIN = 2;

/**
 * Rows from result 0 upwards, contiguous, the last open-ended (`toRun` null). Every result from
 * `line − margin` to `line + margin − 1` of each bet's line has a row of its own; the results
 * between those neighbourhoods share one row (no line falls inside it, so the amount is the same
 * for all of them). Each row's amount is exactly what settling every bet one by one at any result
 * in the row would pay (the shared book, bets-book.ts). No bets: no rows.
 */
export function fancyRunPosition(bets: readonly FancyBet[], margin: number = RUN_POSITION_MARGIN): FancyBookRow[] {
  if (bets.length === 0) return [];
  if (!Number.isSafeInteger(margin) || margin < 0) throw new RangeError('margin must be a whole number ≥ 0');
  const book = fancyBook(bets);
  const lines = [...new Set(bets.map((bet) => bet.run))];
  // A row starts at 0, at every line (the amount changes there), and at each run shown on its own
  // together with the run after it (which closes that single-run row).
  const starts = new Set<number>([0, ...lines]);
  for (const line of lines) {
    for (let run = Math.max(0, line - margin); run < line + margin; run += 1) {
      starts.add(run);
      starts.add(run + 1);
    }
  }
  const sorted = [...starts].sort((a, b) => a - b);
  return sorted.map((fromRun, index) => {
    const next = sorted[index + 1];
    return { fromRun, toRun: next === undefined ? null : next - 1, profitLossPaise: amountAt(book, fromRun) };
  });
}

/** The book's amount at one result (the book's rows are contiguous from 0). */
function amountAt(book: readonly FancyBookRow[], result: number): number {
  return book.findLast((row) => row.fromRun <= result)?.profitLossPaise ?? 0;
}
