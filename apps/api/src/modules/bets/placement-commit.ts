import {
  applyPositionChange,
  type Bet,
  fromOddsHundredths,
  type PlacedBet,
  paiseToRupees,
  positionChangeOf,
  positionExposure,
  winAndLoss,
} from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { readTogether } from '../../db/reusable-query';
import { type IdempotencyClaim, moneyTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Money } from '../money';
import { exposureKeyOf } from './bet-model';
import { lockMarket } from './bets.locks';
import { findBetByReference, insertBet } from './bets.repository';
import type { BetKind } from './bets.table';
import { betReferenceOf, refuseIfDecided } from './placement-rules';
import { addToPosition, findPosition } from './positions.repository';

export interface PlacementCaller {
  userId: number;
  sessionId: number;
  /** The request's Idempotency-Key claim, if it sent one. */
  idempotency: IdempotencyClaim | null;
}

/** What the money transaction stores for one new bet. */
export interface NewBet {
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

/**
 * A placement's checks before its in-play delay and its one money transaction after it
 * (docs/betting.md, "Placement" and "Running position").
 */
export function createPlacementCommit(db: Db, clock: Clock, deps: { money: Money }) {
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

  return { refuseBeforeDelay, commitBet };
}
