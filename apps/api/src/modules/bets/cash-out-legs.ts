import {
  applyPositionChange,
  type CashOutLeg,
  type CashOutQuote,
  type DataOf,
  type endpoints,
  legBet,
  marketPositionExposure,
  paiseToRupees,
  positionChangeOf,
  shareOfLegs,
  winAndLoss,
} from '@app/shared';
import type { Db } from '../../db/database';
import { moneyTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Money } from '../money';
import { findMatchSummary, listRunners } from '../markets';
import { exposureKeyOf } from './bet-model';
import { lockMarket } from './bets.locks';
import { insertBet } from './bets.repository';
import type { PlacementCaller } from './bets.service';
import { betReferenceOf, refuseIfDecided } from './placement-rules';
import { type CashOutMarket, type PricedMarket, quoteOf, refuseIfChanged, unavailable, wireLeg } from './cash-out-market';
import { addToPosition, findPosition } from './positions.repository';

export type CashOutAnswer = DataOf<typeof endpoints.cashOut>;

/**
 * A cash out's legs as bets (docs/betting.md "Cash out"): the checks before the in-play delay,
 * then the legs, the position after them and the exposure hold in one money transaction.
 */
export function createCashOutLegs(db: Db, clock: Clock, deps: { money: Money }) {
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

  return { refuseBeforeDelay, commit };
}
