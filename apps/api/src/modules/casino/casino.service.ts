import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Money } from '../money';
import { createCasinoCatalogue } from './casino-catalogue';
import { createCasinoLaunch } from './casino-launch';
import { createCasinoLobby } from './casino-lobby';
import { createCasinoResults } from './casino-results';
import type { CasinoDeps, PlayGuard } from './casino-support';

export type { GameInput, ProviderInput } from './casino-catalogue';
export { CASINO_CURRENCY, OWN_PROVIDER_CODE, type Player, type PlayGuard, SPORTSBOOK_GAME_ID } from './casino-support';

/**
 * The casino (docs/casino.md): the catalogue (casino-catalogue.ts), the lobby and lists
 * (casino-lobby.ts), launching a game (casino-launch.ts) and the result report (casino-results.ts).
 */
export function createCasinoService(db: Db, clock: Clock, money: Money, config: AppConfig, playGuard?: PlayGuard) {
  const deps: CasinoDeps = { db, clock, money, config, playGuard };
  return {
    ...createCasinoCatalogue(deps),
    ...createCasinoLobby(deps),
    ...createCasinoLaunch(deps),
    ...createCasinoResults(deps),
  };
}

export type CasinoService = ReturnType<typeof createCasinoService>;
