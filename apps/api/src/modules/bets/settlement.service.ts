import { type Bet, doesFancyBetWin, doesMarketBetWinAmong, fancyBetProfitLoss, marketBetProfitLossAmong } from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { moneyTransaction, type Tx } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { BonusService } from '../bonus/bonus.service';
import type { Leg, Ledger } from '../ledger/ledger.service';
import { findMarketExposure } from '../wallet/wallet.repository';
import type { WalletService } from '../wallet/wallet.service';
import { exposureKeyOf, modelBetOf, type PricedBet } from './bet-model';
import { lockMarket } from './bets.locks';
import {
  findLatestSettlement,
  insertSettlement,
  insertSettlementPosting,
  listBetsOfSettlement,
  listOpenBets,
  listSettlementPostings,
  listUsersWithOpenBets,
  type SettleScope,
  type SqlDecision,
  markBetsDecided,
  markSettlementReversed,
  sumSettledProfitLoss,
} from './bets.repository';
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
function winnersOf(decision: Decision): number[] | null {
  if (decision.outcome === 'winner') return [decision.winnerSelectionId];
  return decision.outcome === 'winners' ? decision.winnerSelectionIds : null;
}

export interface SettleResult {
  /** 'settled': this call settled it; 'already': an earlier (or a concurrent) call did. */
  status: 'settled' | 'already';
  settlementNo: number;
  bets: number;
}

export interface SettlementService {
  /** The first settlement of a market; a market already settled is left as it is ('already'). */
  settle(target: string, decision: Decision, source: 'feed' | 'operator'): Promise<SettleResult>;
  /** Reverses the market's current settlement (linked) and settles it again with `decision`. */
  resettle(target: string, decision: Decision, source: 'feed' | 'operator'): Promise<SettleResult>;
}

/** A player joined the market between reading who to lock and locking: read again. */
class PlayersChanged extends Error {}

const MAX_ROUNDS = 5;

function decide(bet: Bet, decision: Decision): { status: BetStatus; profitLoss: number } {
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
function betsNote(bets: PricedBet[], what: string): string {
  const SHOWN = 8;
  const ids = bets.slice(0, SHOWN).map((bet) => Number(bet.bet_id));
  const more = bets.length > SHOWN ? ` +${bets.length - SHOWN}` : '';
  return `${bets.length === 1 ? 'bet' : 'bets'} ${ids.join(', ')}${more} ${what}`.slice(0, 200);
}

function groupByUser(bets: PricedBet[]): Map<number, PricedBet[]> {
  const byUser = new Map<number, PricedBet[]>();
  for (const bet of bets) {
    const userId = Number(bet.user_id);
    const list = byUser.get(userId);
    if (list) list.push(bet);
    else byUser.set(userId, [bet]);
  }
  return byUser;
}

export function createSettlementService(
  db: Db,
  clock: Clock,
  deps: { ledger: Ledger; wallet: WalletService; bonuses: BonusService },
): SettlementService {
  /**
   * Posts a player's profit or loss on the market. A loss is taken first from the bonus share
   * the exposure held (bonus money staked is lost first), then from cash; if cash falls short
   * (a re-settle after the player spent winnings) the rest comes from the wager bonus.
   */
  async function postProfitLoss(tx: Tx, userId: number, profitLoss: number, bonusHeld: number, reference: string, note: string) {
    if (profitLoss === 0) return null;
    if (profitLoss > 0) {
      const posted = await deps.ledger.transfer(tx, {
        kind: 'bet_win',
        reference,
        note,
        userId,
        from: { system: 'house' },
        to: { userId, kind: 'cash' },
        amount: profitLoss,
      });
      return posted.transactionId;
    }
    const loss = -profitLoss;
    const balances = await deps.wallet.readBalances(tx, userId);
    let fromBonus = Math.min(loss, bonusHeld, balances.wagerBonus);
    let fromCash = loss - fromBonus;
    if (fromCash > balances.cash) {
      const extra = Math.min(fromCash - balances.cash, balances.wagerBonus - fromBonus);
      fromBonus += extra;
      fromCash -= extra;
    }
    const legs: Leg[] = [{ account: { system: 'house' }, amount: loss }];
    if (fromCash > 0) legs.push({ account: { userId, kind: 'cash' }, amount: -fromCash });
    if (fromBonus > 0) legs.push({ account: { userId, kind: 'wager_bonus' }, amount: -fromBonus });
    const posted = await deps.ledger.post(tx, { kind: 'bet_loss', reference, note, userId, legs });
    return posted.transactionId;
  }

  /** Decides one player's bets, posts the total and records the posting; returns the settled turnover and the total. */
  async function settlePlayer(
    tx: Tx,
    settlement: { id: number; no: number; target: string },
    userId: number,
    bets: PricedBet[],
    decision: Decision,
    bonusHeld: number,
  ): Promise<{ turnover: number; profitLoss: number }> {
    const decided = bets.map((bet) => ({ bet, ...decide(modelBetOf(bet), decision) }));
    const profitLoss = decided.reduce((sum, item) => sum + item.profitLoss, 0);
    const turnover = decided.reduce((sum, item) => sum + (item.status === 'void' ? 0 : Number(item.bet.stake)), 0);
    const reference = `settle:${settlement.target}:${settlement.no}:u${userId}`;
    const note = betsNote(bets, `settled (${settlement.target} #${settlement.no})`);
    const transactionId = await postProfitLoss(tx, userId, profitLoss, bonusHeld, reference, note);
    await insertSettlementPosting(tx, {
      settlement_id: settlement.id,
      user_id: userId,
      transaction_id: transactionId,
      profit_loss: profitLoss,
      turnover,
    });
    return { turnover, profitLoss };
  }

  /** Writes every bet's outcome in a few statements, then checks they add up to what was posted. */
  async function markAll(
    tx: Tx,
    scope: SettleScope,
    bets: PricedBet[],
    decision: Decision,
    settlementId: number,
    posted: number,
  ) {
    if (bets.length === 0) return;
    const kind: 'match_odds' | 'bookmaker' = bets[0]?.kind === 'bookmaker' ? 'bookmaker' : 'match_odds';
    const winners = winnersOf(decision);
    const sqlDecision: SqlDecision = winners
      ? { outcome: 'winner', winnerSelectionIds: winners, kind }
      : decision.outcome === 'run'
        ? decision
        : { outcome: 'void' };
    await markBetsDecided(tx, scope, sqlDecision, settlementId, clock.now());
    const written = await sumSettledProfitLoss(tx, settlementId);
    if (written !== posted) throw new Error(`Settlement ${settlementId} wrote ${written} on its bets but posted ${posted}`);
  }

  function insertNext(tx: Tx, target: string, no: number, decision: Decision, source: string) {
    return insertSettlement(tx, {
      target,
      settlement_no: no,
      // Several winners are stored as outcome 'winner', the first in winner_selection_id, all in winner_selection_ids.
      outcome: decision.outcome === 'winners' ? 'winner' : decision.outcome,
      winner_selection_id: winnersOf(decision)?.[0] ?? null,
      winner_selection_ids: decision.outcome === 'winners' ? decision.winnerSelectionIds.join(',') : null,
      result_run: decision.outcome === 'run' ? decision.run : null,
      source,
      created_at: clock.now(),
    });
  }

  /** Runs one settlement round; retried when the players changed, 'already' when another settler won. */
  async function rounds(target: string, work: () => Promise<SettleResult>): Promise<SettleResult> {
    for (let round = 1; ; round += 1) {
      try {
        return await work();
      } catch (error) {
        if (error instanceof PlayersChanged && round < MAX_ROUNDS) continue;
        if (isUniqueViolation(error)) {
          const latest = await findLatestSettlement(db, target);
          return { status: 'already', settlementNo: Number(latest?.settlement_no ?? 0), bets: 0 };
        }
        throw error;
      }
    }
  }

  return {
    settle(target, decision, source) {
      return rounds(target, async () => {
        const userIds = await listUsersWithOpenBets(db, target);
        return moneyTransaction(db, { userIds, now: clock.now() }, async (tx) => {
          await lockMarket(tx, target, 'settle');
          const latest = await findLatestSettlement(tx, target);
          if (latest) return { status: 'already', settlementNo: Number(latest.settlement_no), bets: 0 };
          const settlementId = await insertNext(tx, target, 1, decision, source);
          const bets = await listOpenBets(tx, target);
          const byUser = groupByUser(bets);
          if ([...byUser.keys()].some((userId) => !userIds.includes(userId))) throw new PlayersChanged();
          let posted = 0;
          for (const [userId, userBets] of byUser) {
            const held = await findMarketExposure(tx, userId, exposureKeyOf(target));
            await deps.wallet.setMarketExposure(tx, {
              userId,
              marketKey: exposureKeyOf(target),
              exposure: 0,
              cause: betsNote(userBets, `settled (${target} #1): held money back`),
            });
            const settlement = { id: settlementId, no: 1, target };
            const { turnover, profitLoss } = await settlePlayer(
              tx,
              settlement,
              userId,
              userBets,
              decision,
              Number(held?.bonus_held ?? 0),
            );
            posted += profitLoss;
            if (turnover > 0)
              await deps.bonuses.recordSettledTurnover(tx, { userId, amount: turnover, reference: `settle:${target}:1` });
          }
          await markAll(tx, { target }, bets, decision, settlementId, posted);
          return { status: 'settled', settlementNo: 1, bets: bets.length };
        });
      });
    },

    resettle(target, decision, source) {
      return rounds(target, async () => {
        const latest = await findLatestSettlement(db, target);
        if (!latest) throw new AppError('REFUSED', `${target} has not been settled yet; settle it first`);
        const earlierBets = await listBetsOfSettlement(db, Number(latest.id));
        const userIds = [...groupByUser(earlierBets).keys()].sort((a, b) => a - b);
        return moneyTransaction(db, { userIds, now: clock.now() }, async (tx) => {
          await lockMarket(tx, target, 'settle');
          const current = await findLatestSettlement(tx, target);
          // Another re-settle got there first: this one was asked of a settlement that is gone.
          if (!current || Number(current.id) !== Number(latest.id)) {
            return { status: 'already', settlementNo: Number(current?.settlement_no ?? 0), bets: 0 };
          }
          const no = Number(latest.settlement_no) + 1;
          const settlementId = await insertNext(tx, target, no, decision, source);
          const postings = new Map(
            (await listSettlementPostings(tx, Number(latest.id))).map((row) => [Number(row.user_id), row]),
          );
          const bets = await listBetsOfSettlement(tx, Number(latest.id));
          let posted = 0;
          for (const [userId, userBets] of groupByUser(bets)) {
            const earlier = postings.get(userId);
            const reverseEarlier = async () => {
              if (earlier?.transaction_id == null) return;
              await deps.ledger.reverse(tx, {
                transactionId: Number(earlier.transaction_id),
                kind: 'bet_settle_reversal',
                reference: `resettle:${target}:${no}:u${userId}`,
                userId,
                note: `settlement ${latest.settlement_no} of ${target} reversed`,
              });
            };
            // Credits first, so a player who spent an earlier win is not short in between.
            const newTotal = userBets.reduce((sum, bet) => sum + decide(modelBetOf(bet), decision).profitLoss, 0);
            if (newTotal <= 0) await reverseEarlier();
            posted += (await settlePlayer(tx, { id: settlementId, no, target }, userId, userBets, decision, 0)).profitLoss;
            if (newTotal > 0) await reverseEarlier();
          }
          await markAll(tx, { settlementId: Number(latest.id) }, bets, decision, settlementId, posted);
          await markSettlementReversed(tx, Number(latest.id));
          return { status: 'settled', settlementNo: no, bets: bets.length };
        });
      });
    },
  };
}
