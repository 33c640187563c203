/** The sports catalogue module's public face. */
export { createSportsModule, type SportsModule } from './sports.module';
export { createSportsService, SPORTS_CACHE_MS, type SportsService } from './sports.service';
export { activeSportIds, insertMissingSports } from './sports.repository';
export { sportsCommands } from './sports.cli';
