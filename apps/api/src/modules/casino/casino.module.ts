import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Money, StatementReader } from '../money';
import { registerCasinoWalletRoutes } from './casino-wallet.routes';
import { createCasinoWallet } from './casino-wallet.service';
import { listRoundGames } from './casino.repository';
import { registerCasinoRoutes } from './casino.routes';
import { type CasinoService, createCasinoService, type PlayGuard, SPORTSBOOK_GAME_ID } from './casino.service';

/** The casino: lobby and launch, and the providers' seamless wallet (docs/casino.md). */
export interface CasinoModule {
  casino: CasinoService;
  registerRoutes(app: FastifyInstance): void;
}

export interface CasinoModuleDeps {
  db: Db;
  clock: Clock;
  money: Money;
  config: AppConfig;
  /** The account statement: this module names its rounds. */
  statement?: StatementReader;
  /** Refuses launches during a time-out or self-exclusion. */
  playGuard?: PlayGuard;
}

/** 'casino:{provider code}:{round}' (provider codes hold no ':'; a round may). */
function parseRoundSubject(subject: string): { providerCode: string; round: string } | null {
  const rest = subject.slice('casino:'.length);
  const at = rest.indexOf(':');
  return at > 0 ? { providerCode: rest.slice(0, at), round: rest.slice(at + 1) } : null;
}

export function createCasinoModule({ db, clock, money, config, statement, playGuard }: CasinoModuleDeps): CasinoModule {
  const casino = createCasinoService(db, clock, money, config, playGuard);
  statement?.describeSubjects('casino', async (executor, _userId, subjects) => {
    const rounds = subjects.flatMap((subject) => parseRoundSubject(subject) ?? []);
    const games = await listRoundGames(executor, rounds);
    const names = new Map(
      games.map((row) => [
        `casino:${row.provider_code}:${row.round}`,
        row.game_name ?? (row.game_code === SPORTSBOOK_GAME_ID ? 'Sportsbook' : row.game_code),
      ]),
    );
    return new Map(subjects.flatMap((subject) => (names.has(subject) ? [[subject, names.get(subject) ?? '']] : [])));
  });
  return {
    casino,
    registerRoutes(app) {
      registerCasinoRoutes(app, casino, config.CASINO_ART_DIR);
      registerCasinoWalletRoutes(app, createCasinoWallet(db, clock, money));
    },
  };
}
