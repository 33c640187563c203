import { crashMultiplierAt, crashSureToReach, formatPaiseAsRupees, paiseToRupees, parseRupees } from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import * as repo from './crash.repository';
import type { CrashPayouts } from './crash-payouts';
import { betView, type CrashRounds, GAME, phaseOf } from './crash-rounds';
import type { WalletClient } from './wallet-client';

export interface CrashDeps {
  /** The player a game token belongs to, and their balance (paise), from the wallet. */
  player(token: string, gameCode: string): Promise<{ player: string; balance: number }>;
  stakeLimits: { min: number; max: number };
}

/** A player's acts in a Crash round: a bet while it takes bets, a cash-out while it flies. */
export function createCrashBets(
  db: Db,
  clock: Clock,
  wallet: WalletClient,
  deps: CrashDeps,
  rounds: CrashRounds,
  payouts: CrashPayouts,
) {
  const { currentRound } = rounds;
  const { payWin, settleDue } = payouts;

  return {
    async bet(token: string, stakeRupees: number, autoCashout: number | undefined) {
      const stake = parseRupees(stakeRupees);
      if (!stake.ok) throw new AppError('BAD_REQUEST', `Stake ${stake.reason}`);
      if (stake.paise < deps.stakeLimits.min || stake.paise > deps.stakeLimits.max) {
        throw new AppError(
          'BAD_REQUEST',
          `Stake must be from ${formatPaiseAsRupees(deps.stakeLimits.min)} to ${formatPaiseAsRupees(deps.stakeLimits.max)}`,
        );
      }
      const auto = autoCashout === undefined ? null : Math.round(autoCashout * 100);
      if (autoCashout !== undefined && Math.abs(autoCashout * 100 - (auto ?? 0)) > 1e-6) {
        throw new AppError('BAD_REQUEST', 'Auto cash-out has at most 2 decimals');
      }
      const { player } = await deps.player(token, GAME);
      await settleDue();
      const round = await currentRound();
      const roundNumber = Number(round.round_number);
      if (phaseOf(round, clock.now()) !== 'betting')
        throw new AppError('REFUSED', 'Bets are closed for this round; wait for the next one');
      try {
        await repo.insertCrashBet(db, {
          round_number: roundNumber,
          player,
          token,
          stake: stake.paise,
          auto_cashout: auto,
          created_at: clock.now(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'You already have a bet in this round');
        throw error;
      }
      const answer = await wallet.call('bet', {
        token,
        game_code: GAME,
        transaction_uuid: `crash-${roundNumber}:${player}:bet`,
        round: `crash-${roundNumber}`,
        amount: stake.paise,
        currency: 'INR',
      });
      if (answer.status !== 'RS_OK') {
        await repo.deleteCrashBet(db, roundNumber, player);
        if (answer.status === 'RS_ERROR_NOT_ENOUGH_MONEY') throw new AppError('INSUFFICIENT_BALANCE', 'Insufficient balance');
        throw new AppError(
          'REFUSED',
          answer.status === 'RS_ERROR_LIMIT_REACHED' && answer.message ? answer.message : 'The wallet did not take the bet',
        );
      }
      const bet = await repo.findCrashBet(db, roundNumber, player);
      if (!bet) throw new Error('The crash bet just written is missing');
      return { bet: betView(bet), balance: paiseToRupees(answer.balance ?? 0) };
    },

    /**
     * A manual cash-out. `atHundredths` is the multiplier the page showed: it is paid when the
     * flight is sure to reach it as the request arrives (still running, so the crash point is
     * above the multiplier now: crashSureToReach), else what the flight is sure of then. The
     * player gets what the button said, never a multiplier the round did not reach
     * (docs/casino.md "Crash on the screen").
     */
    async cashout(token: string, atHundredths?: number) {
      const { player } = await deps.player(token, GAME);
      const round = await currentRound();
      const roundNumber = Number(round.round_number);
      const now = clock.now();
      const bet = await repo.findCrashBet(db, roundNumber, player);
      if (!bet || Number(bet.is_settled) === 1) throw new AppError('REFUSED', 'You have no running bet to cash out');
      if (phaseOf(round, now) !== 'running') {
        throw new AppError(
          'REFUSED',
          phaseOf(round, now) === 'betting' ? 'The round has not started yet' : 'Too late: the round crashed',
        );
      }
      const elapsed = now - Number(round.betting_ends_at);
      const reached = Math.min(crashMultiplierAt(elapsed), Number(round.crash_point));
      const auto = bet.auto_cashout === null ? null : Number(bet.auto_cashout);
      const asked =
        atHundredths === undefined ? reached : Math.min(atHundredths, crashSureToReach(elapsed), Number(round.crash_point));
      // An auto cash-out the flight already passed took the bet out there.
      const at = auto !== null && auto <= Math.max(reached, asked) ? auto : asked;
      const payout = Math.floor((Number(bet.stake) * at) / 100);
      const answer = await payWin(token, roundNumber, player, payout);
      await repo.markBetSettled(db, roundNumber, player, at, payout);
      const settled = await repo.findCrashBet(db, roundNumber, player);
      if (!settled) throw new Error('The crash bet is missing');
      return { bet: betView(settled), balance: paiseToRupees(answer.balance ?? 0) };
    },
  };
}
