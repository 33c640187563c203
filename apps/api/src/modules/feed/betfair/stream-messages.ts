/**
 * Betfair's Exchange Stream API messages, as they travel on the stream (one JSON object per
 * CRLF-terminated line) and as Betfair's historic data files hold them (one `mcm` per line).
 * Field names are Betfair's own; only what the platform reads or sends is typed
 * (docs/feeds.md). Prices are decimal odds, sizes are the currency's units, times epoch ms
 * (`pt`) or ISO 8601 (definitions).
 */

/** A price and the size available at it: `[price, size]`. Size 0 removes the price. */
export type PriceSize = [price: number, size: number];
/** A ladder level: `[level, price, size]`, level 0 the best. Size 0 removes the level. */
export type LevelPriceSize = [level: number, price: number, size: number];

export type MarketStatus = 'INACTIVE' | 'OPEN' | 'SUSPENDED' | 'CLOSED';
export type RunnerStatus = 'ACTIVE' | 'WINNER' | 'LOSER' | 'PLACED' | 'REMOVED' | 'REMOVED_VACANT' | 'HIDDEN';

export interface RunnerDefinition {
  id: number;
  sortPriority: number;
  status: RunnerStatus;
  /** Handicap (Asian markets); 0 or absent elsewhere. */
  hc?: number;
  /** Betfair's reduction factor for this runner, in percent (applied to others' prices if it is removed). */
  adjustmentFactor?: number;
  removalDate?: string;
  bsp?: number;
  /** Present in historic files; the stream leaves names to the market catalogue. */
  name?: string;
}

export interface MarketDefinition {
  status: MarketStatus;
  bettingType: string;
  eventTypeId: string;
  eventId: string;
  competitionId?: string;
  marketType: string;
  marketTime: string;
  suspendTime?: string;
  openDate?: string;
  settledTime?: string;
  numberOfWinners: number;
  numberOfActiveRunners?: number;
  betDelay: number;
  inPlay: boolean;
  turnInPlayEnabled?: boolean;
  bspMarket?: boolean;
  bspReconciled?: boolean;
  complete?: boolean;
  crossMatching?: boolean;
  runnersVoidable?: boolean;
  persistenceEnabled?: boolean;
  marketBaseRate?: number;
  discountAllowed?: boolean;
  countryCode?: string;
  timezone?: string;
  venue?: string;
  /** Historic files: the event's and the market's names. */
  eventName?: string;
  name?: string;
  version: number;
  regulators?: string[];
  raceType?: string;
  eachWayDivisor?: number;
  runners: RunnerDefinition[];
}

export interface RunnerChange {
  /** Selection id. */
  id: number;
  hc?: number;
  /** Last traded price. */
  ltp?: number;
  /** Traded volume on this runner. */
  tv?: number;
  /** Full depth: available to back / to lay, by price. */
  atb?: PriceSize[];
  atl?: PriceSize[];
  /** Best available to back / to lay, by level (virtual prices excluded). */
  batb?: LevelPriceSize[];
  batl?: LevelPriceSize[];
  /** Best display (virtual, cross-matched) prices by level: what Betfair's site shows. */
  bdatb?: LevelPriceSize[];
  bdatl?: LevelPriceSize[];
  /** Traded ladder. */
  trd?: PriceSize[];
  /** Starting price near / far, and its back and lay books. */
  spn?: number;
  spf?: number;
  spb?: PriceSize[];
  spl?: PriceSize[];
}

export interface MarketChange {
  /** Betfair's market id, e.g. "1.197931750". */
  id: string;
  /** true: this change is the market's whole image (replace what is held, do not merge). */
  img?: boolean;
  /** Traded volume of the market. */
  tv?: number;
  /** true: this change was conflated (several changes sent as one). */
  con?: boolean;
  marketDefinition?: MarketDefinition;
  rc?: RunnerChange[];
}

/** `ct`: absent on an ordinary update. */
export type ChangeType = 'SUB_IMAGE' | 'RESUB_DELTA' | 'HEARTBEAT';
/** `segmentType`: a large image comes in several messages, first to last. */
export type SegmentType = 'SEG_START' | 'SEG' | 'SEG_END';

/** A market change message: the stream's and the historic files' only data message. */
export interface MarketChangeMessage {
  op: 'mcm';
  /** The subscription's request id (stream only). */
  id?: number;
  /** Resume tokens: send both back on a re-subscription to receive only what was missed. */
  initialClk?: string;
  clk?: string | null;
  heartbeatMs?: number;
  /** Publish time, epoch ms. */
  pt: number;
  ct?: ChangeType;
  segmentType?: SegmentType;
  conflateMs?: number;
  /** 503: the stream's data is stale (Betfair's latency warning). */
  status?: number;
  mc?: MarketChange[];
}

export interface ConnectionMessage {
  op: 'connection';
  connectionId: string;
}

export type StatusErrorCode =
  | 'NO_APP_KEY'
  | 'INVALID_APP_KEY'
  | 'NO_SESSION'
  | 'INVALID_SESSION_INFORMATION'
  | 'NOT_AUTHORIZED'
  | 'INVALID_INPUT'
  | 'INVALID_CLOCK'
  | 'UNEXPECTED_ERROR'
  | 'TIMEOUT'
  | 'SUBSCRIPTION_LIMIT_EXCEEDED'
  | 'INVALID_REQUEST'
  | 'CONNECTION_FAILED'
  | 'MAX_CONNECTION_LIMIT_EXCEEDED'
  | 'TOO_MANY_REQUESTS';

export interface StatusMessage {
  op: 'status';
  /** The request this answers; absent for a status the server sends on its own. */
  id?: number;
  statusCode: 'SUCCESS' | 'FAILURE';
  errorCode?: StatusErrorCode;
  errorMessage?: string;
  connectionClosed: boolean;
  connectionId?: string;
  connectionsAvailable?: number;
}

/** What the server sends. Order change messages (`ocm`) are not subscribed to. */
export type StreamServerMessage = MarketChangeMessage | ConnectionMessage | StatusMessage;

export interface MarketFilter {
  marketIds?: string[];
  bspMarket?: boolean;
  bettingTypes?: string[];
  eventTypeIds?: string[];
  eventIds?: string[];
  competitionIds?: string[];
  turnInPlayEnabled?: boolean;
  marketTypes?: string[];
  venues?: string[];
  countryCodes?: string[];
  raceTypes?: string[];
}

export type MarketDataField =
  | 'EX_BEST_OFFERS_DISP'
  | 'EX_BEST_OFFERS'
  | 'EX_ALL_OFFERS'
  | 'EX_TRADED'
  | 'EX_TRADED_VOL'
  | 'EX_LTP'
  | 'EX_MARKET_DEF'
  | 'SP_TRADED'
  | 'SP_PROJECTED';

export interface MarketDataFilter {
  fields: MarketDataField[];
  /** Levels of the best-offers ladders (1–10). */
  ladderLevels?: number;
}

/** What the client sends. */
export type StreamClientMessage =
  | { op: 'authentication'; id: number; appKey: string; session: string }
  | {
      op: 'marketSubscription';
      id: number;
      initialClk?: string;
      clk?: string;
      heartbeatMs?: number;
      conflateMs?: number;
      segmentationEnabled?: boolean;
      marketFilter: MarketFilter;
      marketDataFilter: MarketDataFilter;
    }
  | { op: 'heartbeat'; id: number };

/** Where a subscription resumes after a reconnect or a hand-over (both tokens, as last received). */
export interface StreamResumePoint {
  initialClk: string;
  clk: string;
}

/**
 * Where market changes come from: a recorded file played back (`FEED=betfair-file`) or the live
 * stream (`FEED=betfair`). Both hand the same whole messages to one sink, in order: segments
 * already joined (an image arrives as one message), heartbeats included (they carry `clk`).
 */
export interface MarketChangeSource {
  /**
   * Starts delivering. `resumeFrom`: the stream re-subscribes from it (only what was missed
   * follows); a replay skips the messages it already played (by `pt`).
   */
  start(sink: MarketChangeSink, resumeFrom?: StreamResumePoint | { pt: number }): void;
  /** Stops delivering and closes what it holds; no message reaches the sink after it settles. */
  stop(): Promise<void>;
}

export interface MarketChangeSink {
  /**
   * One whole message (segments joined), in the order the source received them. `text`: the
   * line it arrived as, when the source has it and the message is that line unchanged (not a
   * joined image): the holder of the stream forwards it to the other instances as it is instead
   * of serialising the message again (docs/feeds.md "Several instances").
   */
  onChange(message: MarketChangeMessage, text?: string): void;
}
