/** The odds feed module's public face (docs/sports.md, "The feed"). */
export type { FeedFixture, FeedHealth, FeedMatchState, FeedPrice, OddsFeed } from './odds-feed';
export { createSimulatedFeed } from './sim/simulator';
