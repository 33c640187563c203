import { isJsonTooDeep, JSON_TOO_DEEP_MESSAGE } from '../../lib/json-depth';
import { sha256Hex } from '../../lib/ids';
import * as repo from './casino.repository';
import {
  answer,
  type CasinoWalletDeps,
  type MoneyOperation,
  refusal,
  type Session,
  type WalletCall,
} from './casino-wallet-support';
import { SPORTSBOOK_GAME_ID } from './casino-support';
import { isValidSignature } from './provider-keys';
import { type WalletAnswer, type WalletRequest, walletRequestSchemas } from './wallet-api.schema';

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
    if (owners.size > 10_000) owners.clear();
    owners.set(code, { at: clock.now(), row });
    return row;
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

  return handle;
}
