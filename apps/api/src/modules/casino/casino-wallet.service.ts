import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { moneyTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isJsonTooDeep, JSON_TOO_DEEP_MESSAGE } from '../../lib/json-depth';
import { sha256Hex } from '../../lib/ids';
import { DuplicatePostingError, InsufficientBalanceError, type Money } from '../money';
import * as repo from './casino.repository';
import { SPORTSBOOK_GAME_ID } from './casino.service';
import { isValidSignature } from './provider-keys';
import {
  type WalletAnswer,
  type WalletOperation,
  type WalletRequest,
  type WalletStatus,
  walletRequestSchemas,
} from './wallet-api.schema';

export interface WalletCall {
  operation: WalletOperation;
  rawBody: string;
  signature: string | undefined;
}

/** A refusal decided inside the money transaction: it rolls the transaction back. */
class WalletRefusal extends Error {
  constructor(
    readonly status: WalletStatus,
    message: string,
  ) {
    super(message);
  }
}

type Session = NonNullable<Awaited<ReturnType<typeof repo.findGameSession>>> & { providerCode: string; providerId: number };
type MoneyOperation = Exclude<WalletOperation, 'balance'>;

const PROVIDER_CACHE_MS = 10_000;

/**
 * Whether the site session that launched a game still lives (docs/casino.md, "Launching"): not
 * ended (logout, a password change, a forced logout, a pause), still the player's current one (a
 * login elsewhere replaces it) and not past its time limit. Game sessions from before migration
 * 0170 name none and keep their own expiry.
 */
function isSiteSessionLive(
  found: {
    session_id: number | null;
    session_ended_at: number | null;
    session_limit_ends_at: number | null;
    current_session_id: number | null;
  },
  now: number,
): boolean {
  if (found.session_id === null) return true;
  if (found.session_ended_at !== null) return false;
  if (Number(found.current_session_id) !== Number(found.session_id)) return false;
  return found.session_limit_ends_at === null || Number(found.session_limit_ends_at) > now;
}

/**
 * The seamless wallet: providers debit, credit and roll back a player's money, each call signed,
 * each provider transaction id applied once (docs/casino.md has every rule and status).
 */
export function createCasinoWallet(db: Db, clock: Clock, money: Money) {
  const providers = new Map<number, { at: number; row: repo.ProviderRow }>();

  async function provider(id: number): Promise<repo.ProviderRow | undefined> {
    const cached = providers.get(id);
    if (cached && clock.now() - cached.at < PROVIDER_CACHE_MS) return cached.row;
    const row = await repo.findProviderById(db, id);
    if (row) providers.set(id, { at: clock.now(), row });
    return row;
  }

  /** Which provider a game belongs to, kept as the providers are (a game does not change hands). */
  const owners = new Map<string, { at: number; row: Awaited<ReturnType<typeof repo.findGameOwner>> }>();
  async function gameOwner(code: string) {
    const cached = owners.get(code);
    if (cached && clock.now() - cached.at < PROVIDER_CACHE_MS) return cached.row;
    const row = await repo.findGameOwner(db, code);
    if (owners.size > 10_000) owners.clear();
    owners.set(code, { at: clock.now(), row });
    return row;
  }

  /** What the player can stake: cash, plus the wager bonus while the wager wallet is active. */
  const balanceOf = (executor: Db, userId: number) => money.playableBalance(executor, userId);

  function answer(session: Session, requestUuid: string, balance: number): WalletAnswer {
    return { status: 'RS_OK', request_uuid: requestUuid, user: String(session.user_id), currency: session.currency, balance };
  }

  function refusal(status: WalletStatus, requestUuid: string, message: string, extra: Partial<WalletAnswer> = {}): WalletAnswer {
    return { status, request_uuid: requestUuid, message, ...extra };
  }

  /** The request as it matters for "same transaction id, same body?". */
  function requestHash(operation: MoneyOperation, session: Session, body: WalletRequest<MoneyOperation>): string {
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
  function replay(existing: { request_hash: string; response: string }, hash: string, requestUuid: string): WalletAnswer {
    if (existing.request_hash !== hash) {
      return refusal('RS_ERROR_DUPLICATE_TRANSACTION', requestUuid, 'This transaction id was used with a different request');
    }
    return { ...(JSON.parse(existing.response) as WalletAnswer), request_uuid: requestUuid };
  }

  /**
   * One money movement: the player's lock first, the transaction id checked, the money module's
   * verb and the transaction row written together — or nothing.
   */
  async function moveMoney(
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
        const found = await repo.findCallTransactions(
          trx,
          session.providerId,
          body.transaction_uuid,
          isBet ? body.transaction_uuid : referenceUuid,
        );
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
        // A bet knows the balance after it from the figures it read under the lock (no second read).
        let balanceAfter: number | undefined;

        if (isBet) {
          if (referring.some((row) => row.kind === 'rollback')) {
            throw new WalletRefusal('RS_ERROR_TRANSACTION_ROLLED_BACK', 'This bet was rolled back before it arrived');
          }
          const taken = await money.casinoStake(trx, { userId, provider, amount, reference, subject });
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
  }

  /** Runs one wallet call; `httpStatus` is 200 for every answer but a malformed request (400). */
  async function handle(call: WalletCall): Promise<{ httpStatus: number; body: WalletAnswer }> {
    // Bounded before anything walks it, like every other body (plugins/json-body.ts).
    if (isJsonTooDeep(call.rawBody)) return { httpStatus: 400, body: refusal('RS_ERROR_UNKNOWN', '', JSON_TOO_DEEP_MESSAGE) };
    let parsed: unknown;
    try {
      parsed = JSON.parse(call.rawBody);
    } catch {
      return { httpStatus: 400, body: refusal('RS_ERROR_UNKNOWN', '', 'The body is not JSON') };
    }
    const loose = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
    const requestUuid = typeof loose.request_uuid === 'string' ? loose.request_uuid.slice(0, 100) : '';
    const token = typeof loose.token === 'string' ? loose.token : '';
    const found = token ? await repo.findGameSession(db, sha256Hex(token)) : undefined;
    if (!found) return { httpStatus: 200, body: refusal('RS_ERROR_INVALID_TOKEN', requestUuid, 'Unknown game session token') };
    const owner = await provider(Number(found.provider_id));
    if (!owner || !(await isValidSignature(owner.public_key, call.rawBody, call.signature))) {
      return { httpStatus: 200, body: refusal('RS_ERROR_INVALID_SIGNATURE', requestUuid, 'The signature does not verify') };
    }
    // The signed bytes name their operation: signed for another one, they authorise nothing here.
    if (typeof loose.operation === 'string' && loose.operation !== call.operation) {
      const named = loose.operation.slice(0, 20);
      const message = `This body is signed for ${named}, not for ${call.operation}`;
      return { httpStatus: 200, body: refusal('RS_ERROR_INVALID_SIGNATURE', requestUuid, message) };
    }
    const result = walletRequestSchemas[call.operation].safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      const message = `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid request'}`;
      return { httpStatus: 400, body: refusal('RS_ERROR_UNKNOWN', requestUuid, message) };
    }
    const body = result.data;
    const session: Session = { ...found, providerId: owner.id, providerCode: owner.code };
    const isSportsbook = found.game_id === null;
    const game = isSportsbook ? undefined : await gameOwner(body.game_code);
    const isOwnGame = isSportsbook ? body.game_code === SPORTSBOOK_GAME_ID : Number(game?.provider_id) === owner.id;
    if (!isOwnGame)
      return { httpStatus: 200, body: refusal('RS_ERROR_UNKNOWN', body.request_uuid, 'Unknown game for this provider') };
    if (body.currency !== undefined && body.currency !== found.currency) {
      return {
        httpStatus: 200,
        body: refusal('RS_ERROR_WRONG_CURRENCY', body.request_uuid, `The wallet's currency is ${found.currency}`),
      };
    }
    // Wins and rollbacks settle what was already staked: never refused for an old session or a locked account.
    if (call.operation === 'balance' || call.operation === 'bet') {
      const now = clock.now();
      if (Number(found.expires_at) <= now) {
        return { httpStatus: 200, body: refusal('RS_ERROR_TOKEN_EXPIRED', body.request_uuid, 'The game session has expired') };
      }
      if (!isSiteSessionLive(found, now)) {
        return {
          httpStatus: 200,
          body: refusal(
            'RS_ERROR_TOKEN_EXPIRED',
            body.request_uuid,
            "The player's session has ended: the game session ended with it",
          ),
        };
      }
      if (Number(found.is_disabled) === 1) {
        return { httpStatus: 200, body: refusal('RS_ERROR_USER_DISABLED', body.request_uuid, 'The player is disabled') };
      }
    }
    if (call.operation === 'balance') {
      return { httpStatus: 200, body: answer(session, body.request_uuid, await balanceOf(db, Number(found.user_id))) };
    }
    return { httpStatus: 200, body: await moveMoney(call.operation, session, body as WalletRequest<MoneyOperation>) };
  }

  return { handle };
}

export type CasinoWallet = ReturnType<typeof createCasinoWallet>;
