import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/ids';
import type { Money } from '../money';
import type * as repo from './casino.repository';
import type { WalletAnswer, WalletOperation, WalletRequest, WalletStatus } from './wallet-api.schema';

export interface WalletCall {
  operation: WalletOperation;
  rawBody: string;
  signature: string | undefined;
}

/** A refusal decided inside the money transaction: it rolls the transaction back. */
export class WalletRefusal extends Error {
  constructor(
    readonly status: WalletStatus,
    message: string,
  ) {
    super(message);
  }
}

export type Session = repo.GameSessionRow & {
  providerCode: string;
  providerId: number;
};
export type MoneyOperation = Exclude<WalletOperation, 'balance'>;

/** What the seamless wallet's parts are given: createCasinoWallet's arguments and its one balance read. */
export interface CasinoWalletDeps {
  db: Db;
  clock: Clock;
  money: Money;
  /** What the player can stake: cash, plus the wager bonus while the wager wallet is active. */
  balanceOf(executor: Db, userId: number): Promise<number>;
}

/**
 * Why a live game session can no longer stake or answer a balance (docs/casino.md, "Launching"),
 * if it can't: the site session that launched it ended (logout, a password change, a forced
 * logout, a pause), was replaced by a login elsewhere or passed its time limit; or the player is
 * disabled. Game sessions from before migration 0170 name no site session and keep their own expiry.
 */
export function sessionEnded(
  game: Pick<repo.GameSessionRow, 'session_id'>,
  state: repo.PlayerSessionState | undefined,
  now: number,
): { status: WalletStatus; message: string } | undefined {
  if (!state) return { status: 'RS_ERROR_INVALID_TOKEN', message: 'Unknown game session token' };
  if (game.session_id !== null) {
    const isLive =
      state.session_ended_at === null &&
      Number(state.current_session_id) === Number(game.session_id) &&
      (state.session_limit_ends_at === null || Number(state.session_limit_ends_at) > now);
    if (!isLive) {
      return { status: 'RS_ERROR_TOKEN_EXPIRED', message: "The player's session has ended: the game session ended with it" };
    }
  }
  if (Number(state.is_disabled) === 1) return { status: 'RS_ERROR_USER_DISABLED', message: 'The player is disabled' };
  return undefined;
}

export function answer(session: Session, requestUuid: string, balance: number): WalletAnswer {
  return { status: 'RS_OK', request_uuid: requestUuid, user: String(session.user_id), currency: session.currency, balance };
}

export function refusal(
  status: WalletStatus,
  requestUuid: string,
  message: string,
  extra: Partial<WalletAnswer> = {},
): WalletAnswer {
  return { status, request_uuid: requestUuid, message, ...extra };
}

/** The request as it matters for "same transaction id, same body?". */
export function requestHash(operation: MoneyOperation, session: Session, body: WalletRequest<MoneyOperation>): string {
  return sha256Hex(
    JSON.stringify([
      operation,
      session.user_id,
      body.transaction_uuid,
      body.round,
      body.game_code,
      'amount' in body ? (body.amount ?? null) : null,
      'currency' in body ? (body.currency ?? null) : null,
      'reference_transaction_uuid' in body ? body.reference_transaction_uuid : null,
    ]),
  );
}

/** A transaction id seen before: the first answer again, or a duplicate if the body differs. */
export function replay(existing: { request_hash: string; response: string }, hash: string, requestUuid: string): WalletAnswer {
  if (existing.request_hash !== hash) {
    return refusal('RS_ERROR_DUPLICATE_TRANSACTION', requestUuid, 'This transaction id was used with a different request');
  }
  return { ...(JSON.parse(existing.response) as WalletAnswer), request_uuid: requestUuid };
}
