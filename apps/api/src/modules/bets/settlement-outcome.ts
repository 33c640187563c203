/** What a settlement decides, and how it decides each bet by the plain rule (docs/betting.md "Settlement"). */
import { type Bet, doesFancyBetWin, doesMarketBetWinAmong, fancyBetProfitLoss, marketBetProfitLossAmong } from '@app/shared';
import { AppError } from '../../lib/app-error';
import type { PricedBet } from './bet-model';
import type { BetStatus } from './bets.table';

/**
 * How a market ended: a winning runner, several winning together (a Place market's placed
 * runners), a declared run (fancy), or void (stakes back).
 */
export type Decision =
  | { outcome: 'winner'; winnerSelectionId: number }
  | { outcome: 'winners'; winnerSelectionIds: number[] }
  | { outcome: 'run'; run: number }
  | { outcome: 'void' };

/** The runners a market decision pays, or null for a fancy run or void. */
export function winnersOf(decision: Decision): number[] | null {
  if (decision.outcome === 'winner') return [decision.winnerSelectionId];
  return decision.outcome === 'winners' ? decision.winnerSelectionIds : null;
}

/** One bet's outcome under a decision, by the plain rule (a Betfair market's terms: settlement-terms.ts). */
export function decide(bet: Bet, decision: Decision): { status: BetStatus; profitLoss: number } {
  if (decision.outcome === 'void') return { status: 'void', profitLoss: 0 };
  if (bet.kind === 'fancy') {
    if (decision.outcome !== 'run') throw new AppError('BAD_REQUEST', 'A fancy line settles on a declared run');
    return { status: doesFancyBetWin(bet, decision.run) ? 'won' : 'lost', profitLoss: fancyBetProfitLoss(bet, decision.run) };
  }
  const winners = winnersOf(decision);
  if (!winners) throw new AppError('BAD_REQUEST', 'A market settles on a winning selection');
  return { status: doesMarketBetWinAmong(bet, winners) ? 'won' : 'lost', profitLoss: marketBetProfitLossAmong(bet, winners) };
}

/** What the account statement shows for a settlement movement: the bets it was about. */
export function betsNote(bets: PricedBet[], what: string): string {
  const SHOWN = 8;
  const ids = bets.slice(0, SHOWN).map((bet) => Number(bet.bet_id));
  const more = bets.length > SHOWN ? ` +${bets.length - SHOWN}` : '';
  return `${bets.length === 1 ? 'bet' : 'bets'} ${ids.join(', ')}${more} ${what}`.slice(0, 200);
}

/** Bets by their player. */
export function groupByUser(bets: PricedBet[]): Map<number, PricedBet[]> {
  const byUser = new Map<number, PricedBet[]>();
  for (const bet of bets) {
    const userId = Number(bet.user_id);
    const list = byUser.get(userId);
    if (list) list.push(bet);
    else byUser.set(userId, [bet]);
  }
  return byUser;
}
