import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/database';
import type { Clock } from '../src/lib/clock';
import { createCasinoService } from '../src/modules/casino/casino.service';
import { createDrandRelay, createRoundChains } from '../src/modules/fair-games';
import type { WalletAnswer, WalletOperation } from '../src/modules/casino/wallet-api.schema';
import type { TestAppOptions } from './test-app';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

export const TEST_PROVIDER = 'testprov';
export const TEST_GAME = 'test-slot';
/** CASINO_SESSION_MINUTES' default, in ms. */
export const CASINO_GAME_SESSION_MS_FOR_TESTS = 240 * 60_000;
export const TEST_LAUNCH = 'https://games.example.test/launch?game={game_code}&token={token}&lang={lang}';

const PATHS: Record<WalletOperation, string> = {
  balance: '/api/provider/wallet/user/balance',
  bet: '/api/provider/wallet/transaction/bet',
  win: '/api/provider/wallet/transaction/win',
  rollback: '/api/provider/wallet/transaction/rollback',
};

export function newKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export interface CasinoTestApp extends WalletApiApp {
  keys: { privateKey: string; publicKey: string };
  /** A player with money and a game session at the test provider: `gameToken` for wallet calls. */
  newGamePlayer(name: string, paise: number): Promise<{ userId: number; token: string; gameToken: string }>;
  launch(token: string, gameCode?: string): Promise<LightMyRequestResponse>;
  /**
   * A wallet call signed by the test provider (or by `signWith`), as raw bytes; the body names its
   * operation as the wallet requires (docs/casino.md, "Signature").
   */
  wallet(
    operation: WalletOperation,
    body: Record<string, unknown>,
    options?: { signWith?: string; signature?: string },
  ): Promise<{ statusCode: number; answer: WalletAnswer }>;
  /** Posts raw bytes and their signature to an operation's path, whatever the bytes say. */
  deliver(operation: WalletOperation, rawBody: string, signature: string): Promise<{ statusCode: number; answer: WalletAnswer }>;
  cashOf(userId: number): Promise<number>;
}

export function sign(privateKey: string, rawBody: string): string {
  return createSign('RSA-SHA256').update(rawBody).sign(privateKey, 'base64');
}

export function tokenOf(url: string): string {
  const token = new URL(url, 'https://site.test').searchParams.get('token');
  if (!token) throw new Error(`no token in ${url}`);
  return token;
}

/** The real app with a test provider registered (its own key pair) and one game of it. */
export async function createCasinoTestApp(options: TestAppOptions = {}): Promise<CasinoTestApp> {
  const t = await createWalletApiApp(options);
  const keys = newKeyPair();
  const casino = createCasinoService(t.database.db, t.clock, t.module.money, t.config);
  await casino.registerProvider({
    code: TEST_PROVIDER,
    name: 'Test Provider',
    publicKeyPem: keys.publicKey,
    launchUrl: TEST_LAUNCH,
  });
  await casino.addGame({ providerCode: TEST_PROVIDER, code: TEST_GAME, name: 'Test Slot', category: 'slot' });
  const launch = (token: string, gameCode = TEST_GAME) => t.post('casino/launchGame', { game_code: gameCode }, { token });
  const deliver: CasinoTestApp['deliver'] = async (operation, rawBody, signature) => {
    const res = await t.app.inject({
      method: 'POST',
      url: PATHS[operation],
      payload: rawBody,
      headers: { 'content-type': 'application/json', 'x-signature': signature },
    });
    return { statusCode: res.statusCode, answer: res.json<WalletAnswer>() };
  };
  return {
    ...t,
    keys,
    launch,
    async newGamePlayer(name, paise) {
      const player = await t.newPlayer(name);
      if (paise > 0) await t.credit(player.userId, paise);
      const res = await launch(player.token);
      if (res.statusCode !== 200) throw new Error(`launch failed: ${res.body}`);
      return { ...player, gameToken: tokenOf(res.json().data.url as string) };
    },
    async wallet(operation, body, callOptions = {}) {
      const rawBody = JSON.stringify({ operation, request_uuid: randomUUID(), ...body });
      const signature = callOptions.signature ?? sign(callOptions.signWith ?? keys.privateKey, rawBody);
      return deliver(operation, rawBody, signature);
    },
    deliver,
    async cashOf(userId) {
      return (await t.module.money.readBalances(t.database.db, userId)).cash;
    },
  };
}

/**
 * Publishes a round chain for `gameCode` on the test app's database, as `fair chain create` does:
 * self-salted and startable at once unless told otherwise (docs/casino-fairness.md, "Round chains").
 */
export async function publishChain(
  t: { database: { db: Db }; clock: Clock },
  gameCode: string,
  options: { length?: number; salt?: 'drand' | 'self'; noticeMs?: number } = {},
) {
  const chains = createRoundChains({ db: t.database.db, clock: t.clock, beacon: createDrandRelay([]), defaultNoticeMs: 0 });
  return chains.create({
    gameCode,
    length: options.length ?? 1_000,
    salt: options.salt ?? 'self',
    noticeMs: options.noticeMs ?? 0,
  });
}
