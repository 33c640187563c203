/** The odds feed module's public face (docs/sports.md, "The feed"; docs/feeds.md for Betfair). */
export type {
  FeedFixture,
  FeedHealth,
  FeedMarketDef,
  FeedMatchState,
  FeedPrice,
  FeedRemoval,
  OddsFeed,
  PushFeed,
} from './odds-feed';
export { createSimulatedFeed } from './sim/simulator';
export { type BetfairFeedDeps, createBetfairFileFeed, createBetfairLiveFeed } from './betfair/betfair-feeds';
/** Betfair's live Exchange Stream (docs/feeds-stream.md). */
export { type BetfairStreamDeps, type BetfairStreamSource, createBetfairStreamSource } from './betfair/stream-client';
export { type BetfairStreamConfig, betfairStreamConfig } from './betfair/stream-config';
export {
  LOCAL_STREAM_ERROR_CODES,
  type StreamError,
  type StreamErrorCode,
  type StreamHealth,
  type StreamReadiness,
  type StreamState,
  streamReadiness,
} from './betfair/stream-health';
export { STATUS_ERROR_CODES } from './betfair/stream-status';
export type { MarketChangeMessage, MarketChangeSink, MarketChangeSource, StreamResumePoint } from './betfair/stream-messages';
