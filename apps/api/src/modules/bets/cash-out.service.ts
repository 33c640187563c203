import { setTimeout as sleep } from 'node:timers/promises';
import { type CashOutQuoteWire, type endpoints, type ParsedRequestOf, rupeesToPaise } from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { MarketsService } from '../markets';
import type { Money } from '../money';
import type { PlacementCaller, PlacementOptions } from './bets.service';
import { type CashOutAnswer, createCashOutLegs } from './cash-out-legs';
import { createCashOutMarkets, quoteOf, refuseIfChanged, wireQuote } from './cash-out-market';
import { findPosition } from './positions.repository';

type CashOutBody = ParsedRequestOf<typeof endpoints.cashOut>;

export interface CashOutService {
  /** The full cash out of the player's position in the market at the prices on offer now. */
  quote(userId: number, marketId: string): Promise<CashOutQuoteWire>;
  /** Places `share` of the full cash out as one action, if its value is still the one the player saw. */
  cashOut(caller: PlacementCaller, body: CashOutBody): Promise<CashOutAnswer>;
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

  const { marketOf, priceNow } = createCashOutMarkets(db, deps);
  const { refuseBeforeDelay, commit } = createCashOutLegs(db, clock, deps);

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
