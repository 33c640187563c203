import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Bet,
  betProblem,
  marketKindOf,
  type PlacedBet,
  type ParsedRequestOf,
  type endpoints,
  toOddsHundredths,
  rupeesToPaise,
} from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { MarketsService } from '../markets';
import type { Money } from '../money';
import { findFancySummary, findMatchSummary } from '../markets';
import { createPlacementCommit, type NewBet, type PlacementCaller } from './placement-commit';
import { checkFancyPrice, checkStake, takenMarketPrice } from './placement-rules';

export type { PlacementCaller } from './placement-commit';

export interface PlacementOptions {
  /** Waits the in-play delay (tests may pass a faster one). */
  wait?: (ms: number) => Promise<unknown>;
}

type MarketBody = ParsedRequestOf<typeof endpoints.placeMarketBet>;
type FancyBody = ParsedRequestOf<typeof endpoints.placeFancyBet>;

export interface BetsService {
  placeMarketBet(caller: PlacementCaller, body: MarketBody): Promise<PlacedBet>;
  placeFancyBet(caller: PlacementCaller, body: FancyBody): Promise<PlacedBet>;
}

export function createBetsService(
  db: Db,
  clock: Clock,
  deps: { markets: MarketsService; money: Money },
  options: PlacementOptions = {},
): BetsService {
  const wait = options.wait ?? ((ms: number) => sleep(ms));

  const { refuseBeforeDelay, commitBet } = createPlacementCommit(db, clock, deps);

  return {
    async placeMarketBet(caller, body) {
      // The match, the market and its runners come with the price, from the markets' copy of the match.
      let quote = await deps.markets.quoteMarket(body.match_id, body.market_id, body.selection_id);
      const kind = marketKindOf({ bet_type: 'M', marketName: quote.marketName, market_id: quote.marketId });
      if (kind === 'fancy') throw new Error('unreachable: a market bet is never fancy');
      const odds = toOddsHundredths(kind, body.odds);
      const isBack = body.is_back === 1;
      const stakePaise = rupeesToPaise(body.stack);
      const bet: Bet = { kind, selectionId: body.selection_id, isBack, odds: odds ?? 0, stakePaise };
      const problem =
        odds === null
          ? `odds must be a ${kind === 'bookmaker' ? 'whole rate per 100' : 'price with 2 decimals'}`
          : betProblem(bet);
      if (problem) throw new AppError('BAD_REQUEST', `Invalid bet: ${problem}`);
      checkStake(stakePaise, quote.minStakePaise, quote.maxStakePaise);
      const acceptAny = body.accept_any_odds === true;
      let takenOdds = takenMarketPrice(quote, kind, isBack, bet.odds, acceptAny);
      const { runners } = quote;
      const newBet = (marketName: string, odds: number): NewBet => ({
        target: `M:${body.market_id}`,
        kind,
        sportId: quote.sportId,
        matchId: body.match_id,
        matchName: quote.matchName,
        marketId: body.market_id,
        fancyId: null,
        marketName,
        selectionId: body.selection_id,
        selectionName: runners.find((runner) => runner.selection_id === body.selection_id)?.name ?? String(body.selection_id),
        bet: { ...bet, odds },
        runnerIds: runners.map((runner) => runner.selection_id),
        winners: quote.numberOfWinners,
      });
      if (kind === 'match_odds' && quote.inPlay && quote.betDelaySeconds > 0) {
        await refuseBeforeDelay(caller, newBet(quote.marketName, takenOdds));
        // No transaction is open while the bet waits; then price and status are checked again.
        await wait(quote.betDelaySeconds * 1000);
        quote = await deps.markets.quoteMarket(body.match_id, body.market_id, body.selection_id);
        takenOdds = takenMarketPrice(quote, kind, isBack, bet.odds, acceptAny);
      }
      return commitBet(caller, newBet(quote.marketName, takenOdds));
    },

    async placeFancyBet(caller, body) {
      const fancy = await findFancySummary(db, body.fancy_id);
      if (!fancy || body.selection_id !== body.fancy_id) throw new AppError('NOT_FOUND', 'No such fancy line');
      const matchId = Number(fancy.match_id);
      const match = await findMatchSummary(db, matchId);
      if (!match) throw new AppError('NOT_FOUND', 'No such match');
      const quote = await deps.markets.quoteFancy(matchId, body.fancy_id);
      const isBack = body.is_back === 1;
      const stakePaise = rupeesToPaise(body.stack);
      const bet: Bet = { kind: 'fancy', isBack, run: body.run, size: body.size, stakePaise };
      const problem = betProblem(bet);
      if (problem) throw new AppError('BAD_REQUEST', `Invalid bet: ${problem}`);
      checkStake(stakePaise, quote.minStakePaise, quote.maxStakePaise);
      checkFancyPrice(quote, isBack, body.run, body.size);
      return commitBet(caller, {
        target: `F:${body.fancy_id}`,
        kind: 'fancy',
        sportId: Number(match.sport_id),
        matchId,
        matchName: match.name,
        marketId: null,
        fancyId: body.fancy_id,
        marketName: fancy.name,
        selectionId: body.fancy_id,
        selectionName: fancy.name,
        bet,
      });
    },
  };
}
