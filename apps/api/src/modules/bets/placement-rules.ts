import { randomUUID } from 'node:crypto';
import { formatPaiseAsRupees, fromOddsHundredths, type MarketKind, type OddsChangedData } from '@app/shared';
import type { Db } from '../../db/database';
import { readTogether } from '../../db/reusable-query';
import type { IdempotencyClaim } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { FancyQuote, MarketQuote } from '../markets';
import { findFeedResult } from '../markets';
import { findLatestSettlement } from './bets.repository';

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

export function checkStake(stakePaise: number, min: number, max: number): void {
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
export function takenMarketPrice(
  quote: MarketQuote,
  kind: MarketKind,
  isBack: boolean,
  odds: number,
  acceptAny: boolean,
): number {
  refuseStatus(quote.status, 'This market');
  const offered = isBack ? quote.bestBack : quote.bestLay;
  if (offered !== null && (acceptAny || (isBack ? offered >= odds : offered <= odds))) return offered;
  const price = offered === null ? null : fromOddsHundredths(kind, offered);
  const now = price === null ? 'no price is offered' : `${isBack ? 'back' : 'lay'} is now ${price}`;
  const data: OddsChangedData = { is_back: isBack ? 1 : 0, odds: price, run: null };
  throw new AppError('ODDS_CHANGED', `Odds changed: ${now}`, data);
}

/** A fancy bet is taken at exactly the offered run and size of its side (Yes: back, No: lay). */
export function checkFancyPrice(quote: FancyQuote, isBack: boolean, run: number, size: number): void {
  refuseStatus(quote.status, 'This fancy line');
  const offeredRun = isBack ? quote.runYes : quote.runNo;
  const offeredSize = isBack ? quote.sizeYes : quote.sizeNo;
  if (offeredRun !== run || offeredSize !== size) {
    const now = offeredRun === null ? 'no price is offered' : `${isBack ? 'Yes' : 'No'} is now ${offeredRun} at ${offeredSize}`;
    const data: OddsChangedData = { is_back: isBack ? 1 : 0, odds: offeredRun === null ? null : offeredSize, run: offeredRun };
    throw new AppError('ODDS_CHANGED', `Odds changed: ${now}`, data);
  }
}
