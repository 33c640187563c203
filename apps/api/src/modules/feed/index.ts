/** The odds feed module's public face (docs/sports.md, "The feed"; docs/feeds.md for Betfair). */
export type { FeedFixture, FeedMarketDef, FeedMatchState, FeedPrice, FeedRemoval, OddsFeed, PushFeed } from './odds-feed';
export { createSimulatedFeed } from './sim/simulator';
export { type BetfairFeedDeps, createBetfairFileFeed, createBetfairLiveFeed } from './betfair/betfair-feeds';
