import { createHmac, randomUUID } from 'node:crypto';
import {
  type FairRoundView,
  FAIR_GAMES,
  type FairGameCode,
  fairFloats,
  fairGame,
  isFairGameCode,
  paiseToRupees,
  parseRupees,
  payoutPaise,
  formatPaiseAsRupees,
} from '@app/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import * as repo from './fair-games.repository';
import { createFairGamesWallet, walletRefusal } from './fair-games-wallet';
import { createFairSeeds, seedsView } from './fair-seeds.service';
import type { WalletClient } from './wallet-client';

export const MIN_STAKE_PAISE = 100;
export const MAX_STAKE_PAISE = 10_000_000;
const HISTORY_LIMIT = 20;
/** The rules version new rounds are played under (docs/casino-fairness.md, Earlier rules). */
export const FAIR_RULES_VERSION = 2;
/** Tries to take a nonce when the pair rotates in between (the next try takes the new pair's). */
const NONCE_ATTEMPTS = 3;

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();

export function toRoundView(row: repo.RoundRow): FairRoundView {
  return {
    round_uuid: row.round_uuid,
    game_code: row.game_code,
    date: new Date(Number(row.created_at)).toISOString(),
    nonce: Number(row.nonce),
    params: JSON.parse(row.params) as unknown,
    stake: paiseToRupees(Number(row.stake)),
    multiplier: Number(row.multiplier),
    payout: paiseToRupees(Number(row.payout)),
    outcome: JSON.parse(row.outcome) as unknown,
    server_seed_hash: row.server_seed_hash,
    client_seed: row.client_seed,
    server_seed: row.revealed_at === null ? null : row.server_seed,
    rules: Number(row.rules),
  };
}

/**
 * Our own game provider. It knows the platform only through the signed wallet API: the player
 * is the `user` the wallet names for a game token, and every stake and payout is a wallet call.
 */
export function createFairGamesService(db: Db, clock: Clock, wallet: WalletClient) {
  const { resolvePlayer, cachedPlayer, settleWin } = createFairGamesWallet(clock, wallet);

  const seeds = createFairSeeds(db, clock);

  /** The pair and nonce of a new round; the pair may rotate meanwhile, then the new one plays. */
  async function takeRoundSeeds(player: string) {
    for (let attempt = 0; attempt < NONCE_ATTEMPTS; attempt += 1) {
      const seed = await seeds.active(player);
      const taken = await repo.takeNonce(db, seed.id);
      if (taken) return { seedId: seed.id, ...taken };
    }
    throw new AppError('CONFLICT', 'Your seeds kept changing; try the bet again');
  }

  function checkGame(code: string): FairGameCode {
    if (!isFairGameCode(code)) throw new AppError('NOT_FOUND', 'No such game at this provider');
    return code;
  }

  return {
    /** The player behind a game token and their balance, as the wallet answers. */
    player: resolvePlayer,

    async state(token: string, gameCode: string) {
      const code = checkGame(gameCode);
      const { player, balance, currency } = await resolvePlayer(token, code);
      const seed = await seeds.active(player);
      const history = await repo.listRounds(db, player, code, HISTORY_LIMIT);
      return {
        game_code: code,
        game_name: FAIR_GAMES[code].name,
        balance: paiseToRupees(balance),
        currency,
        seeds: seedsView(seed),
        history: history.map(toRoundView),
      };
    },

    async play(token: string, gameCode: string, stakeRupees: number, rawParams: unknown) {
      const code = checkGame(gameCode);
      if (code === 'crash') throw new AppError('BAD_REQUEST', 'Crash is played in shared rounds: use its bet and cash-out calls');
      const game = fairGame(code);
      const parsedParams = game.params.safeParse(rawParams);
      if (!parsedParams.success) throw new AppError('BAD_REQUEST', parsedParams.error.issues[0]?.message ?? 'Invalid bet');
      const params: unknown = parsedParams.data;
      const stake = parseRupees(stakeRupees);
      if (!stake.ok) throw new AppError('BAD_REQUEST', `Stake ${stake.reason}`);
      if (stake.paise < MIN_STAKE_PAISE || stake.paise > MAX_STAKE_PAISE) {
        throw new AppError(
          'BAD_REQUEST',
          `Stake must be from ${formatPaiseAsRupees(MIN_STAKE_PAISE)} to ${formatPaiseAsRupees(MAX_STAKE_PAISE)}`,
        );
      }
      const player = await cachedPlayer(token, code);
      const roundUuid = randomUUID();
      const bet = await wallet.call('bet', {
        token,
        game_code: code,
        transaction_uuid: `${roundUuid}:bet`,
        round: roundUuid,
        amount: stake.paise,
        currency: 'INR',
      });
      if (bet.status !== 'RS_OK') throw walletRefusal(bet);

      let payout: number;
      try {
        const seed = await takeRoundSeeds(player);
        const nonce = seed.nonce;
        const floats = fairFloats(
          hmac,
          { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce },
          game.floatCount(params),
        );
        const result = game.resolve(floats, params);
        payout = payoutPaise(stake.paise, result.multiplier);
        await repo.insertRound(db, {
          round_uuid: roundUuid,
          player,
          game_code: code,
          seed_id: seed.seedId,
          nonce,
          params: JSON.stringify(params),
          stake: stake.paise,
          multiplier: result.multiplier,
          payout,
          outcome: JSON.stringify(result.outcome),
          rules: FAIR_RULES_VERSION,
          created_at: clock.now(),
        });
      } catch (error) {
        // The stake was taken but no round exists: give it back.
        await wallet.call('rollback', {
          token,
          game_code: code,
          transaction_uuid: `${roundUuid}:rollback`,
          reference_transaction_uuid: `${roundUuid}:bet`,
          round: roundUuid,
        });
        throw error;
      }
      const win = await settleWin(token, code, roundUuid, payout);
      const row = await repo.findRound(db, roundUuid);
      if (!row) throw new Error('The round just written is missing');
      return { round: toRoundView(row), balance: paiseToRupees(win.balance ?? 0) };
    },

    async setClientSeed(token: string, clientSeed: string) {
      return seeds.setClientSeed(await cachedPlayer(token, 'dice'), clientSeed);
    },

    async rotateSeed(token: string, clientSeed: string | undefined) {
      return seeds.rotate(await cachedPlayer(token, 'dice'), clientSeed);
    },

    async round(roundUuid: string): Promise<FairRoundView> {
      const row = await repo.findRound(db, roundUuid);
      if (!row) throw new AppError('NOT_FOUND', 'No round has that id');
      return toRoundView(row);
    },
  };
}

export type FairGamesService = ReturnType<typeof createFairGamesService>;
