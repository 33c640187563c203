import { isUniqueViolation } from '../../db/errors';
import { readTogether } from '../../db/reusable-query';
import { moneyTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import { DuplicatePostingError, InsufficientBalanceError } from '../money';
import * as repo from './casino.repository';
import {
  answer,
  type CasinoWalletDeps,
  type MoneyOperation,
  refusal,
  replay,
  requestHash,
  type Session,
  sessionEnded,
  WalletRefusal,
} from './casino-wallet-support';
import type { WalletAnswer, WalletRequest } from './wallet-api.schema';

/** The wallet's money calls (bet, win, rollback): each one money transaction (docs/casino.md). */
export function createWalletMoves({ db, clock, money, balanceOf }: CasinoWalletDeps) {
  /**
   * One money movement: the player's lock first, the transaction id checked, the money module's
   * verb and the transaction row written together — or nothing.
   */
  return async function moveMoney(
    operation: MoneyOperation,
    session: Session,
    body: WalletRequest<MoneyOperation>,
  ): Promise<WalletAnswer> {
    const hash = requestHash(operation, session, body);
    const userId = Number(session.user_id);
    const now = clock.now();
    try {
      // The unit of work: the player's lock first, then the ledger's rows (docs/adr/0009).
      return await moneyTransaction(db, { userIds: [userId], now }, async (trx) => {
        const isBet = operation === 'bet';
        const referenceUuid = 'reference_transaction_uuid' in body ? body.reference_transaction_uuid : '';
        // What the call checks, in one read: this transaction id; for a bet, what already refers
        // to it; for a win or rollback, the bet it refers to and what already refers to that bet.
        // The other reads go with it (one round trip on PostgreSQL): a bet's player and site
        // session and its money, and the balance a win's answer starts from.
        const [found, stakeReads, playableBefore, playerState] = await readTogether(trx, [
          () =>
            repo.findCallTransactions(
              trx,
              session.providerId,
              body.transaction_uuid,
              isBet ? body.transaction_uuid : referenceUuid,
            ),
          async () => (isBet ? money.readForCasinoStake(trx, userId) : undefined),
          async () => (operation === 'win' ? balanceOf(trx, userId) : undefined),
          async () => (isBet ? repo.findPlayerSessionState(trx, userId, session.session_id) : undefined),
        ]);
        const ended = isBet ? sessionEnded(session, playerState, now) : undefined;
        if (ended) throw new WalletRefusal(ended.status, ended.message);
        const existing = found.own;
        const bet = isBet ? undefined : found.bet;
        const referring = found.referring;
        if (existing) return replay(existing, hash, body.request_uuid);
        const reference = `${session.providerCode}:${body.transaction_uuid}`;
        const subject = `casino:${session.providerCode}:${body.round}`;
        const provider = session.providerCode;
        let amount = 'amount' in body ? (body.amount ?? 0) : 0;
        let fromCash = 0;
        let fromBonus = 0;
        let roundDelta = { stake: 0, win: 0 };
        let transactionId: number | null = null;
        // A bet and a win know the balance after them from the figures they read under the lock
        // (no second read): a win's payout goes to cash, which is always playable.
        let balanceAfter: number | undefined;

        if (isBet) {
          if (referring.some((row) => row.kind === 'rollback')) {
            throw new WalletRefusal('RS_ERROR_TRANSACTION_ROLLED_BACK', 'This bet was rolled back before it arrived');
          }
          const taken = await money.casinoStake(trx, { userId, provider, amount, reference, subject }, stakeReads);
          if (!taken.ok) throw new WalletRefusal('RS_ERROR_NOT_ENOUGH_MONEY', 'Not enough money');
          ({ fromCash, fromBonus, transactionId } = taken);
          roundDelta = { stake: amount, win: 0 };
          balanceAfter = taken.playableAfter;
        } else {
          const isTheirBet = bet && bet.kind === 'bet' && Number(bet.user_id) === userId;
          const isRolledBack = referring.some((row) => row.kind === 'rollback');
          if (operation === 'win') {
            if (!isTheirBet)
              throw new WalletRefusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST', 'The bet this win refers to does not exist');
            if (isRolledBack) throw new WalletRefusal('RS_ERROR_TRANSACTION_ROLLED_BACK', 'The bet of this win was rolled back');
            if (amount > 0) transactionId = await money.casinoPayout(trx, { userId, provider, amount, reference, subject });
            roundDelta = { stake: 0, win: amount };
            if (playableBefore !== undefined) balanceAfter = playableBefore + amount;
          } else if (bet && !isTheirBet) {
            throw new WalletRefusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST', 'A rollback can only undo a bet of this player');
          } else if (bet && referring.some((row) => row.kind === 'win')) {
            throw new WalletRefusal('RS_ERROR_UNKNOWN', 'The bet already has a win and can no longer be rolled back');
          } else if (bet && !isRolledBack) {
            amount = Number(bet.amount);
            fromCash = Number(bet.from_cash);
            fromBonus = Number(bet.from_bonus);
            // The exact opposite of the bet's posting, linked to it: cash and bonus go back where they came from.
            if (bet.ledger_transaction_id !== null) {
              const stakeTransactionId = Number(bet.ledger_transaction_id);
              transactionId = await money.casinoRollback(trx, { userId, stakeTransactionId, amount, reference, subject });
            }
            roundDelta = { stake: -amount, win: 0 };
          } else {
            // Unknown bet (remembered, so the late bet is refused) or rolled back already: no money moves.
            amount = 0;
          }
        }

        const result = answer(session, body.request_uuid, balanceAfter ?? (await balanceOf(trx, userId)));
        await repo.insertCasinoTransaction(trx, {
          provider_id: session.providerId,
          transaction_uuid: body.transaction_uuid,
          kind: operation,
          user_id: userId,
          round: body.round,
          game_code: body.game_code,
          reference_transaction_uuid: 'reference_transaction_uuid' in body ? body.reference_transaction_uuid : null,
          amount,
          from_cash: fromCash,
          from_bonus: fromBonus,
          request_hash: hash,
          response: JSON.stringify(result),
          ledger_transaction_id: transactionId,
          created_at: now,
        });
        if (operation === 'bet' || roundDelta.stake !== 0 || roundDelta.win !== 0) {
          await repo.addToRound(
            trx,
            { provider_id: session.providerId, round: body.round, user_id: userId, game_code: body.game_code },
            roundDelta,
            now,
          );
        }
        return result;
      });
    } catch (error) {
      const balance = async () => ({ user: String(userId), currency: session.currency, balance: await balanceOf(db, userId) });
      if (error instanceof WalletRefusal) {
        const extra = error.status === 'RS_ERROR_NOT_ENOUGH_MONEY' ? await balance() : {};
        return refusal(error.status, body.request_uuid, error.message, extra);
      }
      // The guarded update saw less money than the read above (another debit won the race).
      if (error instanceof InsufficientBalanceError)
        return refusal('RS_ERROR_NOT_ENOUGH_MONEY', body.request_uuid, 'Not enough money', await balance());
      if (isUniqueViolation(error) || error instanceof DuplicatePostingError) {
        const existing = await repo.findCasinoTransaction(db, session.providerId, body.transaction_uuid);
        if (existing) return replay(existing, hash, body.request_uuid);
      }
      // A rule that sees every stake refused this one (docs/casino.md, "Wallet statuses").
      if (error instanceof AppError && error.statusCode < 500)
        return refusal('RS_ERROR_LIMIT_REACHED', body.request_uuid, error.message);
      throw error;
    }
  };
}
