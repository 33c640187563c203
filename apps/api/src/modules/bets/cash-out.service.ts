import { setTimeout as sleep } from 'node:timers/promises';
import {
  applyPositionChange,
  type BookPosition,
  type CashOutKind,
  type CashOutLeg,
  type CashOutQuote,
  type CashOutQuoteWire,
  type DataOf,
  type endpoints,
  formatPaiseAsRupees,
  fromOddsHundredths,
  legBet,
  marketKindOf,
  marketPositionExposure,
  type ParsedRequestOf,
  paiseToRupees,
  positionChangeOf,
  quoteCashOut,
  shareOfLegs,
  winAndLoss,
  rupeesToPaise,
} from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { moneyTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { MarketsService } from '../markets';
import type { Money } from '../money';
import { findMarketSummary, findMatchSummary, listRunners } from '../markets';
import { exposureKeyOf } from './bet-model';
import { lockMarket } from './bets.locks';
import { insertBet } from './bets.repository';
import { betReferenceOf, type PlacementCaller, type PlacementOptions, refuseIfDecided, refuseStatus } from './bets.service';
import { addToPosition, findPosition } from './positions.repository';

type CashOutBody = ParsedRequestOf<typeof endpoints.cashOut>;
type CashOutAnswer = DataOf<typeof endpoints.cashOut>;

export interface CashOutService {
  /** The full cash out of the player's position in the market at the prices on offer now. */
  quote(userId: number, marketId: string): Promise<CashOutQuoteWire>;
  /** Places `share` of the full cash out as one action, if its value is still the one the player saw. */
  cashOut(caller: PlacementCaller, body: CashOutBody): Promise<CashOutAnswer>;
}

/** A market as cash out sees it now: its state and each runner's best back and lay (model odds). */
interface PricedMarket {
  status: 'OPEN' | 'SUSPENDED' | 'CLOSED';
  inPlay: boolean;
  betDelaySeconds: number;
  runners: { selectionId: number; back: number | null; lay: number | null }[];
}

interface CashOutMarket {
  marketId: string;
  matchId: number;
  target: string;
  kind: CashOutKind;
  name: string;
}

function unavailable(message: string): AppError {
  return new AppError('CASH_OUT_UNAVAILABLE', message);
}

function wireLeg(kind: CashOutKind, leg: CashOutLeg): CashOutQuoteWire['legs'][number] {
  return {
    selection_id: leg.selectionId,
    is_back: leg.isBack ? 1 : 0,
    odds: fromOddsHundredths(kind, leg.odds),
    stack: paiseToRupees(leg.stakePaise),
  };
}

function wireQuote(market: CashOutMarket, quote: CashOutQuote): CashOutQuoteWire {
  return {
    market_id: market.marketId,
    value: paiseToRupees(quote.valuePaise),
    legs: quote.legs.map((leg) => wireLeg(market.kind, leg)),
  };
}

/**
 * Cash out (docs/betting.md "Cash out"). The legs are bets: the same status and price checks as a
 * placement (the legs are at the best prices on offer, and the value the player saw must still be
 * the value now), the in-play delay with a re-check, the exposure hold and the money module's
 * stake rules for every leg, all in one money transaction with the player's running position.
 */
export function createCashOutService(
  db: Db,
  clock: Clock,
  deps: { markets: MarketsService; money: Money },
  options: PlacementOptions = {},
): CashOutService {
  const wait = options.wait ?? ((ms: number) => sleep(ms));

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

  /** The full cash out of `position` at `prices`, or the refusal that says why none is offered. */
  function quoteOf(market: CashOutMarket, position: BookPosition, prices: PricedMarket): CashOutQuote {
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

  function refuseIfChanged(market: CashOutMarket, quote: CashOutQuote, askedPaise: number): void {
    if (quote.valuePaise === askedPaise) return;
    const now = wireQuote(market, quote);
    throw new AppError('CASH_OUT_CHANGED', `Cash out value changed: it is now ${formatPaiseAsRupees(quote.valuePaise)}`, now);
  }

  /**
   * Before the in-play delay, what would refuse the legs whatever the prices after it: a decided
   * market, a pause, the balance (docs/betting.md, "Placement"). Read-only; `commit` checks again.
   */
  async function refuseBeforeDelay(userId: number, market: CashOutMarket, quote: CashOutQuote, shareHundredths: number) {
    await refuseIfDecided(db, market.target);
    const legs = shareOfLegs(quote.legs, shareHundredths);
    let position = await findPosition(db, userId, market.target);
    for (const leg of legs) position = applyPositionChange(position, positionChangeOf(legBet(market.kind, leg)));
    const runners = await listRunners(db, market.marketId);
    const exposure = marketPositionExposure(
      position,
      runners.map((runner) => runner.selection_id),
    );
    for (const leg of legs) {
      await deps.money.checkHoldForBet(db, {
        userId,
        subject: exposureKeyOf(market.target),
        exposure,
        stake: { product: market.kind, amount: leg.stakePaise },
      });
    }
  }

  /** The legs, the position after them and the exposure hold, in one money transaction. */
  async function commit(
    caller: PlacementCaller,
    market: CashOutMarket,
    prices: PricedMarket,
    read: { askedPaise: number; shareHundredths: number },
  ): Promise<CashOutAnswer> {
    const { userId } = caller;
    const match = await findMatchSummary(db, market.matchId);
    if (!match) throw new AppError('NOT_FOUND', 'No such match');
    const runners = await listRunners(db, market.marketId);
    const reference = betReferenceOf(caller.idempotency);
    return moneyTransaction(db, { userIds: [userId], idempotency: caller.idempotency, now: clock.now() }, async (tx) => {
      await lockMarket(tx, market.target, 'place');
      await refuseIfDecided(tx, market.target);
      // Read again under the player's lock: a bet placed since the quote changes the book, and so its value.
      let position = await findPosition(tx, userId, market.target);
      const quote = quoteOf(market, position, prices);
      refuseIfChanged(market, quote, read.askedPaise);
      const legs = shareOfLegs(quote.legs, read.shareHundredths);
      if (legs.length === 0) throw unavailable('Nothing to cash out: your book in this market is already level');
      const placed: { leg: CashOutLeg; betId: number }[] = [];
      for (const [index, leg] of legs.entries()) {
        const bet = legBet(market.kind, leg);
        const { winPaise, lossPaise } = winAndLoss(bet);
        const betId = await insertBet(tx, {
          user_id: userId,
          reference: `${reference}:cash-out:${index}`,
          target: market.target,
          kind: market.kind,
          sport_id: Number(match.sport_id),
          match_id: market.matchId,
          match_name: match.name,
          market_id: market.marketId,
          fancy_id: null,
          market_name: market.name,
          selection_id: leg.selectionId,
          selection_name: runners.find((runner) => runner.selection_id === leg.selectionId)?.name ?? String(leg.selectionId),
          is_back: leg.isBack ? 1 : 0,
          odds: leg.odds,
          run: null,
          stake: leg.stakePaise,
          liability: lossPaise,
          possible_win: winPaise,
          status: 'open',
          profit_loss: null,
          settlement_id: null,
          placed_at: clock.now(),
          settled_at: null,
          is_cash_out: 1,
        });
        const change = positionChangeOf(bet);
        await addToPosition(tx, userId, market.target, change, clock.now());
        position = applyPositionChange(position, change);
        placed.push({ leg, betId });
      }
      const exposure = marketPositionExposure(
        position,
        runners.map((runner) => runner.selection_id),
      );
      const cause = `cash out: bet${placed.length === 1 ? '' : 's'} ${placed.map((item) => item.betId).join(', ')} placed`;
      // One hold for the whole action; every leg is a stake the money module's rules see.
      for (const { leg } of placed) {
        await deps.money.holdForBet(tx, {
          userId,
          subject: exposureKeyOf(market.target),
          exposure,
          stake: { product: market.kind, amount: leg.stakePaise },
          cause,
          sessionId: String(caller.sessionId),
        });
      }
      const balances = await deps.money.readBalances(tx, userId);
      return {
        market_id: market.marketId,
        share: read.shareHundredths / 100,
        value: paiseToRupees(quote.valuePaise),
        legs: placed.map(({ leg, betId }) => ({ bet_id: betId, ...wireLeg(market.kind, leg) })),
        free_chip: paiseToRupees(balances.cash),
        exposure: paiseToRupees(balances.exposure + balances.bonusExposure),
        market_exposure: paiseToRupees(exposure),
      };
    });
  }

  return {
    async quote(userId, marketId) {
      const market = await marketOf(marketId);
      const position = await findPosition(db, userId, market.target);
      return wireQuote(market, quoteOf(market, position, await priceNow(market)));
    },

    async cashOut(caller, body) {
      const market = await marketOf(body.market_id);
      const askedPaise = rupeesToPaise(body.value);
      const shareHundredths = Math.round(body.share * 100);
      const position = await findPosition(db, caller.userId, market.target);
      let prices = await priceNow(market);
      const quoted = quoteOf(market, position, prices);
      refuseIfChanged(market, quoted, askedPaise);
      if (market.kind === 'match_odds' && prices.inPlay && prices.betDelaySeconds > 0) {
        await refuseBeforeDelay(caller.userId, market, quoted, shareHundredths);
        // As an in-play bet: no transaction open while it waits, then status and prices again.
        await wait(prices.betDelaySeconds * 1000);
        prices = await priceNow(market);
        refuseIfChanged(market, quoteOf(market, position, prices), askedPaise);
      }
      try {
        return await commit(caller, market, prices, { askedPaise, shareHundredths });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw new AppError('CONFLICT', 'This cash out was already placed');
      }
    },
  };
}
