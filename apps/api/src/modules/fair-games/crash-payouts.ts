import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import * as repo from './crash.repository';
import { GAME } from './crash-rounds';
import type { WalletClient } from './wallet-client';

export type CrashPayouts = ReturnType<typeof createCrashPayouts>;

/** Crash's wins through the wallet: a cash-out's, and the auto cash-outs of crashed rounds. */
export function createCrashPayouts(db: Db, clock: Clock, wallet: WalletClient) {
  async function payWin(token: string, roundNumber: number, player: string, payout: number) {
    const round = `crash-${roundNumber}`;
    const answer = await wallet.call('win', {
      token,
      game_code: GAME,
      transaction_uuid: `${round}:${player}:win`,
      reference_transaction_uuid: `${round}:${player}:bet`,
      round,
      amount: payout,
      currency: 'INR',
    });
    // The bet's win was already paid with another amount: a second cash-out of the same bet.
    if (answer.status === 'RS_ERROR_DUPLICATE_TRANSACTION') throw new AppError('CONFLICT', 'This bet is already cashed out');
    if (answer.status !== 'RS_OK') throw new AppError('SERVICE_UNAVAILABLE', 'The win could not be paid yet; it will be');
    return answer;
  }

  /** Pays (or closes with 0) every bet of crashed rounds: auto cash-outs the round reached win. */
  async function settleDue(): Promise<void> {
    for (const bet of await repo.listDueBets(db, clock.now())) {
      const auto = bet.auto_cashout === null ? null : Number(bet.auto_cashout);
      const isWin = auto !== null && auto <= Number(bet.crash_point);
      const payout = isWin ? Math.floor((Number(bet.stake) * auto) / 100) : 0;
      try {
        // The win call is idempotent, so paying before marking is safe to repeat after a crash.
        await payWin(bet.token, Number(bet.round_number), bet.player, payout);
        await repo.markBetSettled(db, Number(bet.round_number), bet.player, isWin ? auto : null, payout);
      } catch {
        // Left open: the next request settles it (a cash-out racing the crash settles it itself).
      }
    }
  }

  return { payWin, settleDue };
}
