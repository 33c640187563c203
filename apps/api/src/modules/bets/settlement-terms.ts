import { type MarketTerms, settleMarketBetByTerms } from '@app/shared';
import type { Db } from '../../db/database';
import { modelBetOf, type PricedBet } from './bet-model';
import { listReducedPrices } from './bets.repository';
import type { BetStatus } from './bets.table';

/**
 * A bet of a market settled by Betfair's terms (docs/betting.md "Non-runners and dead heats"):
 * void on a non-runner, at the reduced price when a runner was withdrawn after it was placed,
 * divided in a dead heat. Only exchange bets reach here (a Betfair market has no bookmaker).
 */
export function decideByTerms(
  bet: PricedBet,
  terms: MarketTerms,
): { status: Exclude<BetStatus, 'open'>; profitLoss: number; settledOdds: number | null } {
  const model = modelBetOf(bet);
  if (model.kind === 'fancy') throw new Error('A fancy line has no runners to withdraw');
  return settleMarketBetByTerms(model, Number(bet.placed_at), terms);
}

/**
 * What the account statement adds to a settlement's note (docs/betting.md "Non-runners and dead
 * heats"): each reduced price, and the dead heat; empty when nothing changed the price.
 */
export function notedByTerms(bets: PricedBet[], terms: MarketTerms | null): string {
  if (!terms) return '';
  const reduced = bets.flatMap((bet) => {
    const { settledOdds } = decideByTerms(bet, terms);
    return settledOdds === null ? [] : [`${Number(bet.bet_id)} at ${(settledOdds / 100).toFixed(2)}`];
  });
  const parts = [];
  if (reduced.length) parts.push(`reduced for non-runners: ${reduced.join(', ')}`);
  if (terms.winners.length > terms.places) parts.push(`dead heat ${terms.places}/${terms.winners.length}`);
  return parts.length ? `; ${parts.join('; ')}` : '';
}

/** Bets a statement line names with their reduced price: the first few, then a count. */
const NOTED_REDUCED = 3;

/**
 * The account statement's market lines name the prices a non-runner reduced
 * (" · reduced price 5.00 → 4.38"), so the player sees why a win paid less than the price taken.
 */
export async function reducedPricesNote(db: Db, userId: number, targets: string[]): Promise<Map<string, string>> {
  const byTarget = new Map<string, string[]>();
  for (const row of await listReducedPrices(db, userId, targets)) {
    const list = byTarget.get(row.target) ?? [];
    list.push(`${(Number(row.odds) / 100).toFixed(2)} → ${(Number(row.settled_odds) / 100).toFixed(2)}`);
    byTarget.set(row.target, list);
  }
  return new Map(
    [...byTarget].map(([target, prices]) => {
      const more = prices.length > NOTED_REDUCED ? ` +${prices.length - NOTED_REDUCED}` : '';
      const label = prices.length === 1 ? 'reduced price' : 'reduced prices';
      return [target, ` · ${label} ${prices.slice(0, NOTED_REDUCED).join(', ')}${more}`];
    }),
  );
}
