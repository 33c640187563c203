import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  applyPositionChange,
  type Bet,
  betProblem,
  fromOddsHundredths,
  type MarketKind,
  marketKindOf,
  type OddsChangedData,
  type PlacedBet,
  type ParsedRequestOf,
  formatPaiseAsRupees,
  paiseToRupees,
  positionChangeOf,
  positionExposure,
  type endpoints,
  toOddsHundredths,
  winAndLoss,
  rupeesToPaise,
} from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { readTogether } from '../../db/reusable-query';
import { type IdempotencyClaim, moneyTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FancyQuote, MarketQuote, MarketsService } from '../markets';
import type { Money } from '../money';
import { findFancySummary, findFeedResult, findMatchSummary } from '../markets';
import { exposureKeyOf } from './bet-model';
import { lockMarket } from './bets.locks';
import { findBetByReference, findLatestSettlement, insertBet } from './bets.repository';
import { addToPosition, findPosition } from './positions.repository';
import type { BetKind } from './bets.table';

export interface PlacementCaller {
  userId: number;
  sessionId: number;
  /** The request's Idempotency-Key claim, if it sent one. */
  idempotency: IdempotencyClaim | null;
}

export interface PlacementOptions {
  /** Waits the in-play delay (tests may pass a faster one). */
  wait?: (ms: number) => Promise<unknown>;
}

type MarketBody = ParsedRequestOf<typeof endpoints.placeMarketBet>;
type FancyBody = ParsedRequestOf<typeof endpoints.placeFancyBet>;

/** What the money transaction stores for one new bet. */
interface NewBet {
  target: string;
  kind: BetKind;
  sportId: number;
  matchId: number;
  matchName: string;
  marketId: string | null;
  fancyId: number | null;
  marketName: string;
  selectionId: number;
  selectionName: string;
  bet: Bet;
  /** The market's full runner list (match odds and bookmaker): a runner nobody backed may win. */
  runnerIds?: number[];
  /** Runners that win together: 1, or a Place market's 2 or 3 (the worst case is over every set). */
  winners?: number;
}

const rupees = formatPaiseAsRupees;

/** The bet's reference: the client's Idempotency-Key when it sent one (docs/betting.md, "Once-only"). */
export function betReferenceOf(claim: IdempotencyClaim | null): string {
  return claim ? `key:${claim.key}` : `auto:${randomUUID()}`;
}

/** A market with a declared result or a settlement takes no more bets (checked in the bet's transaction, and before a delay). */
export async function refuseIfDecided(executor: Db, target: string): Promise<void> {
  const [settlement, result] = await readTogether(executor, [
    () => findLatestSettlement(executor, target),
    () => findFeedResult(executor, target),
  ]);
  if (settlement || result) {
    throw new AppError('MARKET_CLOSED', 'This market is closed: its result is declared');
  }
}

export function refuseStatus(status: 'OPEN' | 'SUSPENDED' | 'CLOSED', what: string): void {
  if (status === 'SUSPENDED') throw new AppError('MARKET_SUSPENDED', `${what} is suspended`);
  if (status === 'CLOSED') throw new AppError('MARKET_CLOSED', `${what} is closed`);
}

function checkStake(stakePaise: number, min: number, max: number): void {
  if (stakePaise < min || stakePaise > max) {
    throw new AppError('STAKE_OUT_OF_RANGE', `Stake must be from ${rupees(min)} to ${rupees(max)}`);
  }
}

/**
 * Best execution (docs/betting.md, "Best execution"): a back is taken at the best back on offer
 * when that is at or above the asked odds, a lay at the best lay when at or below, as Betfair
 * matches an order at the best price available. A worse price is refused with the price now in
 * the refusal's `data`, unless the player accepts any price (`acceptAny`): then it is taken too.
 * Answers the odds the bet is taken at.
 */
function takenMarketPrice(quote: MarketQuote, kind: MarketKind, isBack: boolean, odds: number, acceptAny: boolean): number {
  refuseStatus(quote.status, 'This market');
  const offered = isBack ? quote.bestBack : quote.bestLay;
  if (offered !== null && (acceptAny || (isBack ? offered >= odds : offered <= odds))) return offered;
  const price = offered === null ? null : fromOddsHundredths(kind, offered);
  const now = price === null ? 'no price is offered' : `${isBack ? 'back' : 'lay'} is now ${price}`;
  const data: OddsChangedData = { is_back: isBack ? 1 : 0, odds: price, run: null };
  throw new AppError('ODDS_CHANGED', `Odds changed: ${now}`, data);
}

/** A fancy bet is taken at exactly the offered run and size of its side (Yes: back, No: lay). */
function checkFancyPrice(quote: FancyQuote, isBack: boolean, run: number, size: number): void {
  refuseStatus(quote.status, 'This fancy line');
  const offeredRun = isBack ? quote.runYes : quote.runNo;
  const offeredSize = isBack ? quote.sizeYes : quote.sizeNo;
  if (offeredRun !== run || offeredSize !== size) {
    const now = offeredRun === null ? 'no price is offered' : `${isBack ? 'Yes' : 'No'} is now ${offeredRun} at ${offeredSize}`;
    const data: OddsChangedData = { is_back: isBack ? 1 : 0, odds: offeredRun === null ? null : offeredSize, run: offeredRun };
    throw new AppError('ODDS_CHANGED', `Odds changed: ${now}`, data);
  }
}

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

  /** The player's worst case in the bet's market with it, from their running position there. */
  async function exposureWith(executor: Db, userId: number, fresh: NewBet) {
    const change = positionChangeOf(fresh.bet);
    const position = applyPositionChange(await findPosition(executor, userId, fresh.target), change);
    return { change, exposure: positionExposure(fresh.bet.kind, position, fresh.runnerIds, fresh.winners) };
  }

  /**
   * Before a bet waits out the in-play delay: every refusal that does not depend on the price
   * after it answers now — a decided market, a pause, a stake or loss limit, the balance — at the
   * price on offer now (docs/betting.md, "Placement"). Read-only, without the player's lock;
   * `commitBet` checks all of it again after the delay.
   */
  async function refuseBeforeDelay(caller: PlacementCaller, fresh: NewBet): Promise<void> {
    await refuseIfDecided(db, fresh.target);
    const { exposure } = await exposureWith(db, caller.userId, fresh);
    await deps.money.checkHoldForBet(db, {
      userId: caller.userId,
      subject: exposureKeyOf(fresh.target),
      exposure,
      stake: { product: fresh.kind, amount: fresh.bet.stakePaise },
    });
  }

  /**
   * The bet row, the player's position with it, the netted exposure and the idempotency claim
   * commit together, or nothing does. The exposure comes from the player's running position in
   * the market plus this bet, never from their earlier bets one by one: a bet costs the same
   * whatever the player's history there (docs/betting.md, "Running position").
   */
  async function commitBet(caller: PlacementCaller, fresh: NewBet): Promise<PlacedBet> {
    const reference = betReferenceOf(caller.idempotency);
    const { userId } = caller;
    try {
      return await moneyTransaction(db, { userIds: [userId], idempotency: caller.idempotency, now: clock.now() }, async (tx) => {
        await lockMarket(tx, fresh.target, 'place');
        const { winPaise, lossPaise } = winAndLoss(fresh.bet);
        const isBack = fresh.bet.isBack ? 1 : 0;
        const odds = fresh.bet.kind === 'fancy' ? fresh.bet.size : fresh.bet.odds;
        const run = fresh.bet.kind === 'fancy' ? fresh.bet.run : null;
        // The row goes in beside the checks (one round trip on PostgreSQL): a refusal rolls it back.
        const [, { change, exposure }, betId] = await readTogether(tx, [
          () => refuseIfDecided(tx, fresh.target),
          () => exposureWith(tx, userId, fresh),
          () =>
            insertBet(tx, {
              user_id: userId,
              reference,
              target: fresh.target,
              kind: fresh.kind,
              sport_id: fresh.sportId,
              match_id: fresh.matchId,
              match_name: fresh.matchName,
              market_id: fresh.marketId,
              fancy_id: fresh.fancyId,
              market_name: fresh.marketName,
              selection_id: fresh.selectionId,
              selection_name: fresh.selectionName,
              is_back: isBack,
              odds,
              run,
              stake: fresh.bet.stakePaise,
              liability: lossPaise,
              possible_win: winPaise,
              status: 'open',
              profit_loss: null,
              settlement_id: null,
              placed_at: clock.now(),
              settled_at: null,
            }),
        ]);
        await addToPosition(tx, userId, fresh.target, change, clock.now());
        const { balancesAfter: balances } = await deps.money.holdForBet(tx, {
          userId,
          subject: exposureKeyOf(fresh.target),
          exposure,
          stake: { product: fresh.kind, amount: fresh.bet.stakePaise },
          cause: `bet ${betId} placed`,
          sessionId: String(caller.sessionId),
        });
        return {
          bet_id: betId,
          odds: fresh.bet.kind === 'fancy' ? odds : fromOddsHundredths(fresh.bet.kind, odds),
          run,
          stack: paiseToRupees(fresh.bet.stakePaise),
          is_back: isBack,
          liability: paiseToRupees(lossPaise),
          possible_win: paiseToRupees(winPaise),
          free_chip: paiseToRupees(balances.cash),
          exposure: paiseToRupees(balances.exposure + balances.bonusExposure),
          market_exposure: paiseToRupees(exposure),
        } satisfies PlacedBet;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const earlier = await findBetByReference(db, userId, reference);
      throw new AppError('CONFLICT', `This bet was already placed${earlier ? ` (bet ${earlier.bet_id})` : ''}`);
    }
  }

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
