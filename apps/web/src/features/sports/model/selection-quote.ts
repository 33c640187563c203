import type { BetSelection, MarketsSnapshot } from '@app/shared';

/**
 * A clicked price as the match's live state shows it now, for the bet slip to follow: the status,
 * the best price on the selection's side (decimal odds or the per-100 rate; a fancy line's size),
 * a fancy line's run, and the in-play delay of its market.
 */
export interface SelectionQuote {
  status: 'OPEN' | 'SUSPENDED' | 'CLOSED';
  odds: number | null;
  run: number | null;
  inPlay: boolean;
  betDelaySeconds: number;
}

/** A market or line the snapshot no longer has (a fancy line that was decided) takes no bets. */
const GONE: SelectionQuote = { status: 'CLOSED', odds: null, run: null, inPlay: false, betDelaySeconds: 0 };

export function quoteOfSelection(snapshot: MarketsSnapshot, selection: BetSelection): SelectionQuote {
  const isBack = selection.is_back === 1;
  if (selection.bet_type !== 'M') {
    const line = snapshot.fancy.find((item) => item.fancy_id === selection.fancy_id);
    if (!line) return GONE;
    const run = isBack ? line.run_yes : line.run_no;
    const size = isBack ? line.size_yes : line.size_no;
    return {
      status: line.status,
      odds: run === null ? null : size,
      run,
      inPlay: snapshot.match.in_play,
      betDelaySeconds: 0,
    };
  }
  const market = snapshot.markets.find((item) => item.market_id === selection.market_id);
  const runner = market?.runners.find((item) => item.selection_id === selection.selection_id);
  if (!market || !runner) return GONE;
  const best = (isBack ? runner.back : runner.lay)[0];
  return {
    status: market.status,
    odds: market.status === 'OPEN' ? (best?.odds ?? null) : null,
    run: null,
    inPlay: market.in_play,
    betDelaySeconds: market.bet_delay_s,
  };
}
