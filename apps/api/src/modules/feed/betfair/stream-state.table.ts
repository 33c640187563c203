/**
 * The Betfair stream one instance holds for all (docs/feeds.md "Several instances"): who holds
 * it and until when, its epoch (one more at every hand-over), how far its state is stored
 * (`position`, messages applied in the epoch), where the stream resumes, and when a recording's
 * first message played.
 */
export interface FeedStreamsTable {
  stream_key: string;
  holder: string | null;
  epoch: number;
  lease_until: number;
  position: number;
  /** JSON: `{ pt }` for a recording, `{ initialClk, clk }` for the live stream; null before the first message. */
  resume_point: string | null;
  anchor_at: number | null;
  updated_at: number;
}

/** Each market's latest state (a MarketImage as JSON), as the holder last stored it. */
export interface FeedStreamMarketsTable {
  stream_key: string;
  market_id: string;
  epoch: number;
  position: number;
  image: string;
  updated_at: number;
}

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../../db/schema' {
  interface Database {
    feed_streams: FeedStreamsTable;
    feed_stream_markets: FeedStreamMarketsTable;
  }
}
