import {
  formatPaiseAsRupees,
  LIVE_MAX_STAKE_PAISE,
  LIVE_MIN_STAKE_PAISE,
  LIVE_SPOT_PAYS,
  liveSpot,
  liveTable,
  MULTIPLIER_SCALE,
  paiseToRupees,
  parseRupees,
} from '@app/shared';
import { isUniqueViolation } from '../../db/errors';
import { writeTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { WalletAnswer } from '../casino';
import type { LiveClocks } from './live-clock';
import type { LiveRoundSteps } from './live-rounds';
import type { LiveSettlement } from './live-settlement';
import * as repo from './live-tables.repository';
import { betUuid, betView, checkTable, clientSeedOf, type LiveTablesDeps, roundId, walletRefusal } from './live-tables-support';
import type { LiveWalletAccess } from './live-wallet';

const HISTORY = 12;

/** What a player does at a table: looks at it, and bets on the round open now. */
export function createLivePlayerActions(
  { db, clock }: LiveTablesDeps,
  parts: { wallet: LiveWalletAccess; settlement: LiveSettlement; steps: LiveRoundSteps; clocks: LiveClocks },
) {
  const { wallet, settlement, steps, clocks } = parts;
  return {
    async state(token: string, code: string) {
      const table = checkTable(code);
      const { player, balance } = await wallet.resolvePlayer(token, table);
      const round = await clocks.openRound(table);
      const roundNumber = Number(round.round_number);
      const info = liveTable(table);
      return {
        now: clock.now(),
        table: {
          code: table,
          name: info.name,
          spots: info.spots.map((spot) => ({
            code: spot.code,
            pays: (LIVE_SPOT_PAYS[table][spot.code] ?? 0) / MULTIPLIER_SCALE,
          })),
          min_stake: paiseToRupees(LIVE_MIN_STAKE_PAISE),
          max_stake: paiseToRupees(LIVE_MAX_STAKE_PAISE),
        },
        round: await steps.viewOf(round),
        my_bets: (await repo.listPlayerRoundBets(db, table, roundNumber, player)).map(betView),
        my_history: (await repo.listPlayerSettledBets(db, table, player, HISTORY)).map(betView),
        history: (await repo.recentResults(db, table, HISTORY)).map((row) => ({
          round_number: Number(row.round_number),
          result_label: row.result_label ?? '',
          winning_spots: row.winning_spots === null ? [] : (JSON.parse(row.winning_spots) as string[]),
        })),
        balance: paiseToRupees(balance),
      };
    },

    async bet(token: string, code: string, roundNumber: number, spotCode: string, stakeRupees: number) {
      const table = checkTable(code);
      const spot = liveSpot(liveTable(table), spotCode);
      if (!spot) throw new AppError('BAD_REQUEST', `No spot ${spotCode} at this table`);
      const stake = parseRupees(stakeRupees);
      if (!stake.ok) throw new AppError('BAD_REQUEST', `Stake ${stake.reason}`);
      if (stake.paise < LIVE_MIN_STAKE_PAISE || stake.paise > LIVE_MAX_STAKE_PAISE) {
        throw new AppError(
          'BAD_REQUEST',
          `Stake must be from ${formatPaiseAsRupees(LIVE_MIN_STAKE_PAISE)} to ${formatPaiseAsRupees(LIVE_MAX_STAKE_PAISE)}`,
        );
      }
      const player = await wallet.cachedPlayer(token, table);
      // A round whose betting time ran out is closed first, so the refusal below names it closed.
      await clocks.openRound(table);
      await writeTransaction(db, async (tx) => {
        const round = await repo.lockRound(tx, table, roundNumber);
        if (!round) throw new AppError('NOT_FOUND', `Round ${roundNumber} of this table does not exist`);
        if (round.status !== 'betting' || clock.now() >= Number(round.betting_ends_at)) {
          throw new AppError('REFUSED', `Bets are closed for round ${roundNumber}; bet on the next round`);
        }
        try {
          await repo.insertBet(tx, {
            table_code: table,
            round_number: roundNumber,
            player,
            token,
            spot: spot.code,
            stake: stake.paise,
            created_at: clock.now(),
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'You already have a bet on this spot in this round');
          throw error;
        }
      });
      const uuid = betUuid(table, roundNumber, player, spot.code);
      const body = { token, game_code: table, round: roundId(table, roundNumber) };
      let answer: WalletAnswer;
      try {
        answer = await wallet.walletOrThrow().call('bet', {
          ...body,
          transaction_uuid: `${uuid}:bet`,
          amount: stake.paise,
          currency: 'INR',
        });
      } catch (error) {
        // Unknown whether the stake was taken: roll it back (a rollback of nothing is remembered).
        await wallet
          .walletOrThrow()
          .call('rollback', { ...body, transaction_uuid: `${uuid}:rollback`, reference_transaction_uuid: `${uuid}:bet` })
          .catch(() => undefined);
        await repo.deletePlacingBet(db, table, roundNumber, player, spot.code);
        throw error;
      }
      if (answer.status !== 'RS_OK') {
        await repo.deletePlacingBet(db, table, roundNumber, player, spot.code);
        throw walletRefusal(answer);
      }
      await writeTransaction(db, (tx) => repo.markBetOpen(tx, table, roundNumber, player, spot.code));
      // The round may have closed while the wallet took the stake: its closer did not see this bet.
      const round = await repo.findRound(db, table, roundNumber);
      let bet = await repo.findBet(db, table, roundNumber, player, spot.code);
      if (round?.status === 'result' && bet?.status === 'open') {
        await settlement
          .settleBet(table, bet, { server_seed: round.server_seed, client_seed: clientSeedOf(round) })
          .catch(() => undefined);
        bet = await repo.findBet(db, table, roundNumber, player, spot.code);
      }
      if (!bet) throw new Error('The live bet just written is missing');
      return { bet: betView(bet), balance: paiseToRupees(answer.balance ?? 0) };
    },
  };
}
