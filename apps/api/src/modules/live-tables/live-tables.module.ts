import { LIVE_TABLE_CODES, liveTable } from '@app/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../lib/event-bus';
import { type CasinoService, findGameOwner, OWN_PROVIDER_CODE } from '../casino';
import { createWalletClient, ensureProviderKeys, injectTransport, type RoundChains } from '../fair-games';
import { registerLiveTablesRoutes } from './live-tables.routes';
import { createLiveTables, type LiveTables } from './live-tables.service';

export interface LiveTablesModuleDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  casino: CasinoService;
  logger: FastifyBaseLogger;
  timing: { bettingMs: number; resultMs: number };
  /** The published chains the tables' rounds walk (shared with Crash's). */
  chains: RoundChains;
  /**
   * Whether the tables' clocks start with the app (where background work runs: JOBS_ENABLED), so
   * rounds go on, and bets of a round open at a restart are settled, without a visitor. Otherwise
   * a table's clock starts with its first visitor.
   */
  isClockStartedAtReady: boolean;
}

export interface LiveTablesModule {
  /** The tables (the live socket's snapshots read them). */
  tables: LiveTables;
  /** Lists the tables in the casino's Live-Casino category once, and their game API on `app`. */
  registerRoutes(app: FastifyInstance): Promise<void>;
}

/** Live tables of our own provider (docs/casino.md, "Live tables"). Register after the fair-games module. */
export function createLiveTablesModule({
  db,
  clock,
  bus,
  casino,
  logger,
  timing,
  chains,
  isClockStartedAtReady,
}: LiveTablesModuleDeps): LiveTablesModule {
  const tables = createLiveTables({ db, clock, bus, logger, timing, chains });
  return {
    tables,
    async registerRoutes(app) {
      // Our provider is registered by the fair-games module; the tables are its games too.
      for (const code of LIVE_TABLE_CODES) {
        if (await findGameOwner(db, code)) continue;
        try {
          await casino.addGame({ providerCode: OWN_PROVIDER_CODE, code, name: liveTable(code).name, category: 'Live-Casino' });
        } catch (error) {
          // Another instance starting at the same moment added it.
          if (!(await findGameOwner(db, code))) throw error;
        }
      }
      const keys = await ensureProviderKeys(db, clock);
      tables.attachWallet(createWalletClient(keys.private_key, injectTransport(app)));
      registerLiveTablesRoutes(app, tables);
      if (isClockStartedAtReady) app.addHook('onReady', async () => tables.startClocks());
      app.addHook('onClose', async () => tables.stop());
    },
  };
}
