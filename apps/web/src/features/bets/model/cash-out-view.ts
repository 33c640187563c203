import {
  type CashOutKind,
  isBookmakerMarket,
  type Market,
  quoteCashOut,
  rupeesToPaise,
  toOddsHundredths,
  type WinLossRow,
} from '@app/shared';

/**
 * What the cash-out control shows for one market, from the player's book (the win/loss list) and
 * the market as the live page has it now: the same shared model the server prices with
 * (docs/betting.md "Cash out"), so the value on screen is the value the server takes — until the
 * next price moves it.
 */
export type CashOutView =
  | { state: 'hidden' }
  | { state: 'suspended' | 'closed' | 'no-price' | 'level' }
  | { state: 'offered'; valuePaise: number; legCount: number };

/** The shares the partial control offers, in hundredths (1 is the whole). */
export const CASH_OUT_SHARES = [25, 50, 75, 100] as const;

export function cashOutKindOf(market: Pick<Market, 'market_id' | 'market_name'>): CashOutKind {
  return isBookmakerMarket(market.market_id, market.market_name) ? 'bookmaker' : 'match_odds';
}

export function cashOutView(market: Market, book: readonly WinLossRow[] | undefined): CashOutView {
  // Nothing to show without bets here, or on a market paying several runners (a race's Place).
  if (!book || book.length === 0 || (market.number_of_winners ?? 1) > 1) return { state: 'hidden' };
  if (market.status === 'SUSPENDED') return { state: 'suspended' };
  if (market.status === 'CLOSED') return { state: 'closed' };
  const kind = cashOutKindOf(market);
  const price = (odds: number | undefined) => (odds === undefined ? null : toOddsHundredths(kind, odds));
  const quote = quoteCashOut(
    kind,
    market.runners.map((runner) => ({
      selectionId: runner.selection_id,
      profitLossPaise: Math.round(rupeesToPaise(book.find((row) => row.selection_id === runner.selection_id)?.profit_loss ?? 0)),
      back: price(runner.back[0]?.odds),
      lay: price(runner.lay[0]?.odds),
    })),
  );
  if (!quote) return { state: 'no-price' };
  if (quote.legs.length === 0) return { state: 'level' };
  return { state: 'offered', valuePaise: quote.valuePaise, legCount: quote.legs.length };
}

/** About what a partial cash out locks in: its share of the full value (rounded to the paisa). */
export function shareValuePaise(valuePaise: number, shareHundredths: number): number {
  return Math.round((valuePaise * shareHundredths) / 100);
}
