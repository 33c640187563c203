/**
 * What a click on a price hands the bet slip (docs/product.md §3 "Bet slip data"). The sports pages create
 * it; the bet slip feature consumes it; the app layer wires the two together.
 */
export interface BetSelection {
  match_id: number;
  match_name: string;
  market_id: string;
  /** The market's name; a bookmaker market contains "bookmaker" or has an id starting 9991. */
  marketName: string;
  selection_id: number;
  /** The runner's or the fancy line's name, as shown. */
  selection_name: string;
  /** 1 back (or fancy Yes), 0 lay (or fancy No). */
  is_back: 0 | 1;
  /** Decimal odds for match odds; per 100 for bookmaker; the size for fancy. */
  odds: number;
  /** 'M' market bet; anything else is a fancy bet (docs/product.md §4). */
  bet_type: 'M' | 'F';
  fancy_id?: number;
  /** Fancy only: the line (runs) and its size (per 100). */
  run?: number;
  size?: number;
}
