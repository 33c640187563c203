import type { StreamHealth } from './betfair/stream-health';

/**
 * The odds feed: where fixtures, markets, prices, statuses and results come from. The platform
 * ships a simulator (sim/) as the default; a real exchange-style feed implements the same
 * interface (docs/sports.md, "Plugging in a real feed").
 *
 * The interface is a pull: "what does this fixture look like at time t". A simulator answers
 * from a pure function; a push feed keeps the latest message per fixture and answers from it.
 * The platform turns successive answers into live deltas, so both look the same to the site.
 */
export interface OddsFeed {
  readonly name: string;
  /** Fixtures that start in [from, to], plus those started before `from` that may still run. */
  fixtures(from: number, to: number): FeedFixture[];
  /** The fixture at time `at` (epoch ms): phase, scoreboard, prices, statuses and results. */
  state(fixture: FeedFixture, at: number): FeedMatchState;
  /**
   * Whether the feed hears from its source, read at every metrics scrape as `feed_connected` and
   * `feed_last_message_age_seconds` (docs/deploy.md, "What to watch"). A feed that has a source to
   * lose (a stream) reports it; one without (FEED=none) may leave it out.
   */
  health?(): FeedHealth;
  /**
   * A feed fed by a live stream (Betfair's): how its stream is doing on this instance, for
   * `/api/ready`, the metrics and the console (docs/feeds-stream.md); undefined while this
   * instance holds no stream. Feeds without one leave it out.
   */
  streamHealth?(): StreamHealth | undefined;
  /** A push feed (Betfair): its state moves when a message arrives, not with time. */
  readonly push?: PushFeed;
}

export interface FeedHealth {
  /** Connected to its source now (a built-in source always is). */
  isConnected: boolean;
  /**
   * When the feed last heard from its source (epoch ms), heartbeats included; null for a source
   * that computes every answer when asked (the simulator), which is never behind.
   */
  lastMessageAt: number | null;
}

/**
 * What a push feed adds (docs/feeds.md "Several instances"): its moments are positions in its
 * message stream, the same on every instance that applied the same messages, and it says when
 * its state changed so live deltas go out at once instead of at the next 250 ms moment.
 */
export interface PushFeed {
  /** The live `seq` of the current state: it grows with every message applied (and at a hand-over). */
  position(): number;
  /** False until the feed holds its first state: until then nothing is retired for being unknown. */
  isReady(): boolean;
  /** Called after messages were applied (`newMarkets`: a market the fixtures lack); returns the unsubscribe function. */
  onChange(listener: (change: { newMarkets: boolean }) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The simulator's types, and any type a real feed names (Betfair's marketType, e.g. 'OVER_UNDER_15'). */
export type FeedMarketType =
  'MATCH_ODDS' | 'BOOKMAKER' | 'OVER_UNDER_25' | 'BOTH_TEAMS_TO_SCORE' | 'WIN' | 'PLACE' | (string & Record<never, never>);

export interface FeedRunner {
  selectionId: number;
  name: string;
  /** Races: the saddle-cloth number (a greyhound's trap number). */
  clothNumber?: number;
  /** Horse races: who rides. */
  jockey?: string;
  /** Races: recent finishing positions, latest last ("3-142"). */
  form?: string;
}

export interface FeedMarketDef {
  /** Stable within the fixture: 'MO', 'BM', 'OU25', 'BTTS' (a real feed: its market id). */
  key: string;
  /**
   * The provider's own market id (Betfair's "1.197931750"), kept as the market's `market_id`;
   * absent (the simulator), the platform makes one ("1.{match}{nn}").
   */
  marketId?: string;
  type: FeedMarketType;
  name: string;
  runners: FeedRunner[];
  /** Runners that win together (Betfair's numberOfWinners): 1 unless a Place market (2 or 3). */
  numberOfWinners?: number;
  betDelaySeconds: number;
  minStakePaise: number;
  maxStakePaise: number;
}

export interface FeedFancyDef {
  /** Stable within the fixture, e.g. 'I1-6OV'. */
  key: string;
  name: string;
  minStakePaise: number;
  maxStakePaise: number;
}

export interface FeedFixture {
  /** The feed's own id of the fixture; the platform keys its rows by it. */
  feedKey: string;
  sportId: number;
  seriesKey: string;
  seriesName: string;
  home: string;
  away: string;
  /** "Home v Away", or a race's "Venue HH:MM" (home: the venue, away: the race's title). */
  name: string;
  startTime: number;
  /** When it is over at the latest (for the window of fixtures to keep following). */
  endBy: number;
  markets: FeedMarketDef[];
  fancies: FeedFancyDef[];
}

export interface FeedPrice {
  /** Hundredths of decimal odds (match odds) or per-100 odds (bookmaker). */
  odds: number;
  sizePaise: number;
}

export type FeedStatus = 'OPEN' | 'SUSPENDED' | 'CLOSED';

export interface FeedMarketState {
  key: string;
  status: FeedStatus;
  /** Best first, at most 3 each; empty unless OPEN. */
  runners: FeedRunnerState[];
  /** A push feed's own values as they arrive (else the fixture's phase and the stored delay apply). */
  inPlay?: boolean;
  betDelaySeconds?: number;
  /** The market definition's version (Betfair's), which grows with every change to it. */
  version?: number;
}

export interface FeedRunnerState {
  selectionId: number;
  back: FeedPrice[];
  lay: FeedPrice[];
  /** Last traded price (hundredths): what a feed without offers (Betfair BASIC) shows instead. */
  lastTraded?: number;
  /** A non-runner (Betfair REMOVED): no prices, bets on it void at settlement. */
  isRemoved?: boolean;
}

/** A runner taken out of a market (a non-runner), as settlement needs it (docs/betting.md "Non-runners"). */
export interface FeedRemoval {
  selectionId: number;
  /** Betfair's adjustment (reduction) factor, in thousandths of a percent (7.14 % → 7140); 0 for a vacant trap. */
  factorMilli: number;
  /** When the feed said it was removed (epoch ms): bets placed before it have their price reduced. */
  removedAt: number;
}

export interface FeedFancyState {
  key: string;
  status: FeedStatus;
  runNo: number | null;
  sizeNo: number | null;
  runYes: number | null;
  sizeYes: number | null;
}

export interface FeedEvent {
  kind: 'start' | 'innings' | 'four' | 'six' | 'wicket' | 'goal' | 'half_time' | 'point' | 'finish';
  side: 0 | 1 | null;
  at: string;
  detail: string;
}

export interface FeedScoreboard {
  homeScore: string;
  awayScore: string;
  status: 'not_started' | 'in_play' | 'break' | 'finished';
  note: string;
  /** Latest first, at most 30. */
  timeline: FeedEvent[];
  /** A finished race: every runner in finishing order. */
  placings?: { position: number; selectionId: number; name: string }[];
}

export interface FeedMatchState {
  phase: 'PRE' | 'IN_PLAY' | 'FINISHED';
  scoreboard: FeedScoreboard;
  markets: FeedMarketState[];
  /** Only the lines on offer now (open or suspended); decided ones are in `results`. */
  fancies: FeedFancyState[];
  results: {
    /** Market key → the winning selection id. */
    markets: Record<string, number>;
    /** Market key → the selections placed, in finishing order (markets paying several runners). */
    placed?: Record<string, number[]>;
    /** Fancy key → the runs that decide it. */
    fancies: Record<string, number>;
    /** Market keys closed with no winner: void. */
    voided?: string[];
    /** Market key → its non-runners (decided markets only). */
    removals?: Record<string, FeedRemoval[]>;
  };
}
