/** The markets module's public face: fixtures, prices, results and live deltas (docs/sports.md). */
export { createFeed, createMarketsModule, type MarketsModule, type MarketsModuleDeps } from './markets.module';
export type { FancyQuote, MarketQuote, MarketsService } from './markets.service';
export { marketCommands } from './markets.cli';
export { createMarketsAdmin, type SuspendTarget } from './markets-admin.service';
export { readRunnerRemovals } from './fixtures.repository';
/** Settlement keeps the settled markets' read model through this (docs/sports.md, "Market states"). */
export { recordSettledTarget } from './markets.repository';
export {
  declaredResults,
  findFancySummary,
  findFeedResult,
  findMarketSummary,
  findMatchSummary,
  listRunners,
  singleWinnerMarketIds,
} from './lookups.repository';
/** The operator console's reads of fixtures and markets (docs/console.md). */
export { fixtureDetail, type FixtureWeight, listFixturesForConsole, marketNames, runnersOf } from './operator-reads.repository';
