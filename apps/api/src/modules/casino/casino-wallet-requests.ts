import { isJsonTooDeep, JSON_TOO_DEEP_MESSAGE } from '../../lib/json-depth';
import { sha256Hex } from '../../lib/ids';
import * as repo from './casino.repository';
import {
  answer,
  type CasinoWalletDeps,
  type MoneyOperation,
  refusal,
  type Session,
  sessionEnded,
  type WalletCall,
} from './casino-wallet-support';
import { SPORTSBOOK_GAME_ID } from './casino-support';
import { isValidSignature } from './provider-keys';
import { type WalletAnswer, type WalletRequest, walletRequestSchemas } from './wallet-api.schema';
import { keepBounded } from '../../lib/bounded-map';

const PROVIDER_CACHE_MS = 10_000;
/** Games whose provider is kept in memory (for PROVIDER_CACHE_MS each). */
const GAME_OWNERS_KEPT = 10_000;
/** Game sessions kept in memory by token: each is a fixed row, so only the count is bounded. */
const GAME_SESSIONS_KEPT = 20_000;

/**
 * A wallet call's checks before any money moves (the body, the token, the signature, the game,
 * the currency, the sessions) and its answer; `moveMoney` moves the money of a bet, win or rollback.
 */
export function createWalletRequests(
  { db, clock, balanceOf }: CasinoWalletDeps,
  moveMoney: (operation: MoneyOperation, session: Session, body: WalletRequest<MoneyOperation>) => Promise<WalletAnswer>,
) {
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
    keepBounded(owners, code, { at: clock.now(), row }, GAME_OWNERS_KEPT);
    return row;
  }

  /** What a token names, kept: a game session's row never changes (casino.repository.ts). */
  const gameSessions = new Map<string, repo.GameSessionRow>();
  async function gameSession(token: string) {
    const tokenHash = sha256Hex(token);
    const kept = gameSessions.get(tokenHash);
    if (kept) return kept;
    const row = await repo.findGameSession(db, tokenHash);
    if (!row) return undefined;
    return keepBounded(gameSessions, tokenHash, row, GAME_SESSIONS_KEPT);
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
    const found = token ? await gameSession(token) : undefined;
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
    // Wins and rollbacks settle what was already staked: never refused for an old session or a
    // locked account. A bet's player and site session are read under the player's lock, with the
    // bet's other reads (casino-wallet-moves.ts).
    if (call.operation === 'balance' || call.operation === 'bet') {
      if (Number(found.expires_at) <= clock.now()) {
        return { httpStatus: 200, body: refusal('RS_ERROR_TOKEN_EXPIRED', body.request_uuid, 'The game session has expired') };
      }
    }
    if (call.operation === 'balance') {
      const userId = Number(found.user_id);
      const ended = sessionEnded(found, await repo.findPlayerSessionState(db, userId, found.session_id), clock.now());
      if (ended) return { httpStatus: 200, body: refusal(ended.status, body.request_uuid, ended.message) };
      return { httpStatus: 200, body: answer(session, body.request_uuid, await balanceOf(db, userId)) };
    }
    return { httpStatus: 200, body: await moveMoney(call.operation, session, body as WalletRequest<MoneyOperation>) };
  }

  return handle;
}
