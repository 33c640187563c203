import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { WalletAnswer } from '../casino';
import type { WalletClient } from './wallet-client';

const PLAYER_CACHE_MS = 30_000;
const WIN_ATTEMPTS = 3;

/**
 * A wallet's refusal of one of our games' calls as the player's error: `reopen` names what the
 * player opens again when the game session ended (a game, a live table).
 */
export function walletRefusal(answer: WalletAnswer, reopen: 'game' | 'table' = 'game'): AppError {
  switch (answer.status) {
    case 'RS_ERROR_NOT_ENOUGH_MONEY':
      return new AppError('INSUFFICIENT_BALANCE', 'Insufficient balance');
    case 'RS_ERROR_INVALID_TOKEN':
    case 'RS_ERROR_TOKEN_EXPIRED':
      // Not 401: that would log the player out of the site; only the game session ended.
      return new AppError('REFUSED', `Your game session has ended; open the ${reopen} again`);
    case 'RS_ERROR_USER_DISABLED':
      return new AppError('REFUSED', 'Your account cannot play right now');
    case 'RS_ERROR_LIMIT_REACHED':
      return new AppError('REFUSED', answer.message ?? 'This stake is not allowed right now');
    default:
      return new AppError('SERVICE_UNAVAILABLE', 'The wallet did not take the bet; try again');
  }
}

/**
 * Our provider's side of the signed wallet API (docs/casino-fairness.md): the player a game token
 * names, and a round's win paid until the wallet takes it.
 */
export function createFairGamesWallet(clock: Clock, wallet: WalletClient) {
  const players = new Map<string, { player: string; at: number }>();

  /** The player behind a game token, as the wallet's balance answer names them. */
  async function resolvePlayer(token: string, gameCode: string): Promise<{ player: string; balance: number; currency: string }> {
    const answer = await wallet.call('balance', { token, game_code: gameCode });
    if (answer.status !== 'RS_OK' || answer.user === undefined) throw walletRefusal(answer);
    players.set(token, { player: answer.user, at: clock.now() });
    return { player: answer.user, balance: answer.balance ?? 0, currency: answer.currency ?? 'INR' };
  }

  async function cachedPlayer(token: string, gameCode: string): Promise<string> {
    const cached = players.get(token);
    if (cached && clock.now() - cached.at < PLAYER_CACHE_MS) return cached.player;
    return (await resolvePlayer(token, gameCode)).player;
  }

  async function settleWin(token: string, gameCode: string, roundUuid: string, payout: number): Promise<WalletAnswer> {
    let last: unknown;
    // A win is never refused for an old session; a retry with the same transaction id applies once.
    for (let attempt = 0; attempt < WIN_ATTEMPTS; attempt += 1) {
      try {
        const answer = await wallet.call('win', {
          token,
          game_code: gameCode,
          transaction_uuid: `${roundUuid}:win`,
          reference_transaction_uuid: `${roundUuid}:bet`,
          round: roundUuid,
          amount: payout,
          currency: 'INR',
        });
        if (answer.status === 'RS_OK') return answer;
        last = new Error(`win answered ${answer.status}`);
      } catch (error) {
        last = error;
      }
    }
    throw last instanceof Error ? last : new Error('The win could not be paid');
  }

  return { resolvePlayer, cachedPlayer, settleWin };
}
