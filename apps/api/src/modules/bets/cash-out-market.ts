import {
  type CashOutKind,
  type CashOutLeg,
  type CashOutQuote,
  type CashOutQuoteWire,
  type BookPosition,
  formatPaiseAsRupees,
  fromOddsHundredths,
  marketKindOf,
  paiseToRupees,
  quoteCashOut,
} from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { MarketsService } from '../markets';
import { findMarketSummary } from '../markets';
import { refuseStatus } from './placement-rules';

/** A market as cash out sees it now: its state and each runner's best back and lay (model odds). */
export interface PricedMarket {
  status: 'OPEN' | 'SUSPENDED' | 'CLOSED';
  inPlay: boolean;
  betDelaySeconds: number;
  runners: { selectionId: number; back: number | null; lay: number | null }[];
}

export interface CashOutMarket {
  marketId: string;
  matchId: number;
  target: string;
  kind: CashOutKind;
  name: string;
}

export function unavailable(message: string): AppError {
  return new AppError('CASH_OUT_UNAVAILABLE', message);
}

export function wireLeg(kind: CashOutKind, leg: CashOutLeg): CashOutQuoteWire['legs'][number] {
  return {
    selection_id: leg.selectionId,
    is_back: leg.isBack ? 1 : 0,
    odds: fromOddsHundredths(kind, leg.odds),
    stack: paiseToRupees(leg.stakePaise),
  };
}

export function wireQuote(market: CashOutMarket, quote: CashOutQuote): CashOutQuoteWire {
  return {
    market_id: market.marketId,
    value: paiseToRupees(quote.valuePaise),
    legs: quote.legs.map((leg) => wireLeg(market.kind, leg)),
  };
}

/** The full cash out of `position` at `prices`, or the refusal that says why none is offered. */
export function quoteOf(market: CashOutMarket, position: BookPosition, prices: PricedMarket): CashOutQuote {
  refuseStatus(prices.status, 'This market');
  if (position.steps.size === 0) throw unavailable('You have no bets in this market to cash out');
  const quote = quoteCashOut(
    market.kind,
    prices.runners.map((runner) => ({
      ...runner,
      profitLossPaise: position.baseline + (position.steps.get(runner.selectionId) ?? 0),
    })),
  );
  if (!quote) throw unavailable('Cash out is not available while a runner has no price');
  return quote;
}

export function refuseIfChanged(market: CashOutMarket, quote: CashOutQuote, askedPaise: number): void {
  if (quote.valuePaise === askedPaise) return;
  const now = wireQuote(market, quote);
  throw new AppError('CASH_OUT_CHANGED', `Cash out value changed: it is now ${formatPaiseAsRupees(quote.valuePaise)}`, now);
}

/** The market a cash out is asked of, and its prices now as cash out sees them (docs/betting.md "Cash out"). */
export function createCashOutMarkets(db: Db, deps: { markets: MarketsService }) {
  async function marketOf(marketId: string): Promise<CashOutMarket> {
    const market = await findMarketSummary(db, marketId);
    if (!market) throw new AppError('NOT_FOUND', 'No such market');
    if (Number(market.number_of_winners) > 1) throw unavailable('Cash out is not offered on a market that pays several runners');
    const kind = marketKindOf({ bet_type: 'M', marketName: market.name, market_id: marketId });
    if (kind === 'fancy') throw unavailable('Cash out is not offered on this market');
    return { marketId, matchId: Number(market.match_id), target: `M:${marketId}`, kind, name: market.name };
  }

  async function priceNow(market: CashOutMarket): Promise<PricedMarket> {
    const snapshot = await deps.markets.getMarkets(market.matchId);
    const wire = snapshot.markets.find((item) => item.market_id === market.marketId);
    if (!wire) throw new AppError('MARKET_CLOSED', 'This market is closed');
    // The wire's decimal odds back to hundredths, as the markets service quotes a placement.
    const model = (odds: number | undefined) =>
      odds === undefined ? null : market.kind === 'bookmaker' ? odds : Math.round(odds * 100);
    return {
      status: wire.status,
      inPlay: wire.in_play,
      betDelaySeconds: wire.bet_delay_s,
      runners: wire.runners.map((runner) => ({
        selectionId: runner.selection_id,
        back: model(runner.back[0]?.odds),
        lay: model(runner.lay[0]?.odds),
      })),
    };
  }

  return { marketOf, priceNow };
}
