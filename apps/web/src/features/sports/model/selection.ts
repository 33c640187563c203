import { type BetSelection, type Fancy, type Market, type MatchRow, isBookmakerMarket } from '@app/shared';

/** The selection a click on a market price makes (docs/product.md §3 bet slip data). */
export function marketSelection(
  match: { match_id: number; match_name: string },
  market: Pick<Market, 'market_id' | 'market_name'>,
  runner: { selection_id: number; name: string },
  side: 'back' | 'lay',
  odds: number,
): BetSelection {
  return {
    match_id: match.match_id,
    match_name: match.match_name,
    market_id: market.market_id,
    marketName: market.market_name,
    selection_id: runner.selection_id,
    selection_name: runner.name,
    is_back: side === 'back' ? 1 : 0,
    odds,
    bet_type: 'M',
  };
}

/** The selection a click on a fancy line makes: Yes is a back, No a lay; odds carry the size. */
export function fancySelection(
  match: { match_id: number; match_name: string },
  line: Fancy,
  side: 'yes' | 'no',
): BetSelection | undefined {
  const run = side === 'yes' ? line.run_yes : line.run_no;
  const size = side === 'yes' ? line.size_yes : line.size_no;
  if (run === null || size === null) return undefined;
  return {
    match_id: match.match_id,
    match_name: match.match_name,
    market_id: String(line.fancy_id),
    marketName: line.name,
    selection_id: line.selection_id,
    selection_name: line.name,
    is_back: side === 'yes' ? 1 : 0,
    odds: size,
    bet_type: 'F',
    fancy_id: line.fancy_id,
    run,
    size,
  };
}

/** A key that names one price button, to show which one is selected. */
export function selectionKey(selection: Pick<BetSelection, 'market_id' | 'selection_id' | 'is_back'>): string {
  return `${selection.market_id}:${selection.selection_id}:${selection.is_back}`;
}

export function rowSelection(row: MatchRow, runnerIndex: number, side: 'back' | 'lay'): BetSelection | undefined {
  const odds = row.match_odds;
  const runner = odds?.runners[runnerIndex];
  const price = runner?.[side];
  if (!odds || !runner || !price || odds.status !== 'OPEN') return undefined;
  return marketSelection(row, { market_id: odds.market_id, market_name: 'Match Odds' }, runner, side, price.odds);
}

export { isBookmakerMarket };
