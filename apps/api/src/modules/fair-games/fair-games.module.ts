import { FAIR_GAME_CODES, fairGame } from '@app/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { type CasinoService, findGameOwner, findProviderByCode, OWN_PROVIDER_CODE } from '../casino';
import { type CrashFlightHub, createCrashFlightHub } from './crash-flight';
import { createCrashService } from './crash.service';
import { ROUND_CHAIN_RENEW_EVERY_MS, type RoundChains } from './round-chain.service';
import { registerFairGamesRoutes } from './fair-games.routes';
import { createFairGamesService, MAX_STAKE_PAISE, MIN_STAKE_PAISE } from './fair-games.service';
import { findProviderKeys, insertProviderKeysOnce } from './fair-games.repository';
import { createWalletClient, generateProviderKeys, injectTransport, type WalletTransport } from './wallet-client';

export const OWN_PROVIDER_NAME = 'Originals';
/** Our games open in the site's own game page (apps/web features/casino). */
export const OWN_LAUNCH_TEMPLATE = '/casino/play/{game_code}?token={token}&lang={lang}';

/** The provider's key pair: generated on the first start, stored, then always the stored one. */
export async function ensureProviderKeys(db: Db, clock: Clock) {
  const stored = await findProviderKeys(db);
  if (stored) return stored;
  await insertProviderKeysOnce(db, generateProviderKeys(), clock.now());
  const keys = await findProviderKeys(db);
  if (!keys) throw new Error('The provider key pair was not stored');
  return keys;
}

/**
 * Registers our provider and its games on the first start, like an operator would register an
 * outside one (its public key, its launch template); later starts leave the operator's edits be
 * and only add the games a newer release brought (the slots), each once.
 */
export async function seedOwnProvider(db: Db, clock: Clock, casino: CasinoService): Promise<{ private_key: string }> {
  const keys = await ensureProviderKeys(db, clock);
  if (!(await findProviderByCode(db, OWN_PROVIDER_CODE))) {
    try {
      await casino.registerProvider({
        code: OWN_PROVIDER_CODE,
        name: OWN_PROVIDER_NAME,
        publicKeyPem: keys.public_key,
        launchUrl: OWN_LAUNCH_TEMPLATE,
      });
    } catch (error) {
      // Another instance starting on the same fresh database registered it first; it adds the games.
      if (await findProviderByCode(db, OWN_PROVIDER_CODE)) return keys;
      throw error;
    }
  }
  for (const code of FAIR_GAME_CODES) {
    if (await findGameOwner(db, code)) continue;
    const game = fairGame(code);
    try {
      await casino.addGame({ providerCode: OWN_PROVIDER_CODE, code, name: game.name, category: game.category });
    } catch (error) {
      // Another instance starting at the same time added it first.
      if (!(await findGameOwner(db, code))) throw error;
    }
  }
  return keys;
}

export interface FairGamesModule {
  /** Registers our provider on the first start, its game API on `app` and its wallet calls through `app`. */
  registerRoutes(app: FastifyInstance): Promise<void>;
  /** Crash's flight for the live socket (`crash_subscribe`); looks at rounds once the routes are registered. */
  crashFlight: CrashFlightHub;
}

export interface FairGamesModuleDeps {
  db: Db;
  clock: Clock;
  casino: CasinoService;
  logger: FastifyBaseLogger;
  /** The round chains Crash plays (shared with the live tables, which register their own games). */
  chains: RoundChains;
  /** How wallet calls travel; by default through the app's own HTTP layer. */
  transport?: WalletTransport;
}

/** Our own provider of provably-fair games (docs/casino-fairness.md). */
export function createFairGamesModule({ db, clock, casino, logger, chains, transport }: FairGamesModuleDeps): FairGamesModule {
  const crashFlight = createCrashFlightHub(clock, logger);
  return {
    crashFlight,
    async registerRoutes(app) {
      const keys = await seedOwnProvider(db, clock, casino);
      const wallet = createWalletClient(keys.private_key, transport ?? injectTransport(app));
      const service = createFairGamesService(db, clock, wallet);
      const crash = createCrashService(
        db,
        clock,
        wallet,
        {
          player: (token, gameCode) => service.player(token, gameCode),
          stakeLimits: { min: MIN_STAKE_PAISE, max: MAX_STAKE_PAISE },
        },
        chains,
      );
      registerFairGamesRoutes(app, service, crash, chains);
      // Crash's and the live tables' next chains, published ahead of need (docs/casino-fairness.md).
      app.jobs.every('round chains renew', ROUND_CHAIN_RENEW_EVERY_MS, async () => {
        for (const chain of await chains.renewDue()) {
          logger.info({ chain: chain.id, game: chain.game_code, starts_at: chain.starts_at }, 'published the next round chain');
        }
      });
      crashFlight.attach(() => crash.flight());
      app.addHook('onClose', async () => crashFlight.close());
    },
  };
}
