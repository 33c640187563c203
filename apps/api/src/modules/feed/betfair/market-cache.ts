import type {
  LevelPriceSize,
  MarketChange,
  MarketChangeMessage,
  MarketDefinition,
  PriceSize,
  RunnerChange,
  RunnerDefinition,
} from './stream-messages';

/**
 * The latest state of every market the stream (or a recording) has described, built from its
 * images and deltas the way Betfair's Exchange Stream API defines them (docs/feeds.md "How the
 * stream is read"): an image (`img: true`, or a SUB_IMAGE) replaces what is held; a delta merges;
 * a `[price, size]` or `[level, price, size]` with size 0 removes that price or level; a market
 * definition, when present, is the whole definition.
 */

/** Prices by price (full depth: atb/atl). */
type PriceBook = Map<number, number>;
/** Prices by level (best offers: batb/batl, bdatb/bdatl); index = level. */
type LevelBook = ([price: number, size: number] | undefined)[];

export interface RunnerBook {
  id: number;
  hc: number;
  atb: PriceBook;
  atl: PriceBook;
  batb: LevelBook;
  batl: LevelBook;
  bdatb: LevelBook;
  bdatl: LevelBook;
  /** Last traded price. */
  ltp: number | undefined;
  /** Traded volume. */
  tv: number | undefined;
}

export interface MarketBook {
  id: string;
  definition: MarketDefinition | undefined;
  runners: Map<number | string, RunnerBook>;
  tv: number | undefined;
  /** Publish time (epoch ms, shifted for a replay) of the last change applied. */
  pt: number;
  /** When each runner was first seen REMOVED (the moment its reduction factor applies from). */
  removedAt: Map<number, number>;
  /** The market's time when first seen: a race keeps its match when its off moves (betfair-mapping.ts). */
  firstMarketTime: string | undefined;
}

/** A market as the database keeps it for another instance (plain JSON). */
export interface MarketImage {
  id: string;
  definition: MarketDefinition | null;
  tv: number | null;
  pt: number;
  removedAt: [selectionId: number, at: number][];
  firstMarketTime: string | null;
  runners: {
    id: number;
    hc: number;
    atb: PriceSize[];
    atl: PriceSize[];
    batb: LevelPriceSize[];
    batl: LevelPriceSize[];
    bdatb: LevelPriceSize[];
    bdatl: LevelPriceSize[];
    ltp: number | null;
    tv: number | null;
  }[];
}

/** A runner's key: its id (numbers: no string made per change), with the handicap when it has one. */
const runnerKey = (id: number, hc: number | undefined): number | string => (hc ? `${id}:${hc}` : id);

function newRunner(id: number, hc: number): RunnerBook {
  return { id, hc, atb: new Map(), atl: new Map(), batb: [], batl: [], bdatb: [], bdatl: [], ltp: undefined, tv: undefined };
}

function applyPrices(book: PriceBook, updates: PriceSize[]): void {
  for (const [price, size] of updates) {
    if (size === 0) book.delete(price);
    else book.set(price, size);
  }
}

function applyLevels(book: LevelBook, updates: LevelPriceSize[]): void {
  for (const [level, price, size] of updates) {
    book[level] = size === 0 ? undefined : [price, size];
  }
}

function applyRunnerChange(runner: RunnerBook, change: RunnerChange): void {
  if (change.atb) applyPrices(runner.atb, change.atb);
  if (change.atl) applyPrices(runner.atl, change.atl);
  if (change.batb) applyLevels(runner.batb, change.batb);
  if (change.batl) applyLevels(runner.batl, change.batl);
  if (change.bdatb) applyLevels(runner.bdatb, change.bdatb);
  if (change.bdatl) applyLevels(runner.bdatl, change.bdatl);
  if (change.ltp !== undefined) runner.ltp = change.ltp;
  if (change.tv !== undefined) runner.tv = change.tv;
}

export interface MarketCache {
  /** Applies one whole message; returns the ids of the markets it changed. */
  apply(message: MarketChangeMessage): string[];
  get(marketId: string): MarketBook | undefined;
  markets(): IterableIterator<MarketBook>;
  image(marketId: string): MarketImage | undefined;
  /** Replaces (or adds) a market from a stored image. */
  restore(image: MarketImage): void;
  clear(): void;
}

export function createMarketCache(): MarketCache {
  const books = new Map<string, MarketBook>();

  const noteRemovals = (book: MarketBook, definition: MarketDefinition, at: number) => {
    for (const runner of definition.runners) {
      if ((runner.status === 'REMOVED' || runner.status === 'REMOVED_VACANT') && !book.removedAt.has(runner.id)) {
        book.removedAt.set(runner.id, at);
      }
    }
  };

  const applyMarket = (change: MarketChange, pt: number, isImage: boolean) => {
    let book = books.get(change.id);
    if (!book || isImage || change.img) {
      // An image replaces the market's prices; what was first seen removed stays known.
      book = {
        id: change.id,
        definition: book?.definition,
        runners: new Map(),
        tv: undefined,
        pt,
        removedAt: book?.removedAt ?? new Map(),
        firstMarketTime: book?.firstMarketTime,
      };
      books.set(change.id, book);
    }
    book.pt = pt;
    if (change.tv !== undefined) book.tv = change.tv;
    if (change.marketDefinition) {
      book.definition = change.marketDefinition;
      book.firstMarketTime ??= change.marketDefinition.marketTime;
      noteRemovals(book, change.marketDefinition, pt);
    }
    for (const runnerChange of change.rc ?? []) {
      const key = runnerKey(runnerChange.id, runnerChange.hc);
      let runner = book.runners.get(key);
      if (!runner) {
        runner = newRunner(runnerChange.id, runnerChange.hc ?? 0);
        book.runners.set(key, runner);
      }
      applyRunnerChange(runner, runnerChange);
    }
  };

  return {
    apply(message) {
      if (!message.mc?.length) return [];
      const isImage = message.ct === 'SUB_IMAGE';
      const changed: string[] = [];
      for (const change of message.mc) {
        applyMarket(change, message.pt, isImage);
        changed.push(change.id);
      }
      return changed;
    },
    get: (marketId) => books.get(marketId),
    markets: () => books.values(),
    image(marketId) {
      const book = books.get(marketId);
      if (!book) return undefined;
      const levels = (book: LevelBook): LevelPriceSize[] =>
        book.flatMap((entry, level) => (entry ? [[level, entry[0], entry[1]] as LevelPriceSize] : []));
      return {
        id: book.id,
        definition: book.definition ?? null,
        tv: book.tv ?? null,
        pt: book.pt,
        removedAt: [...book.removedAt],
        firstMarketTime: book.firstMarketTime ?? null,
        runners: [...book.runners.values()].map((runner) => ({
          id: runner.id,
          hc: runner.hc,
          atb: [...runner.atb],
          atl: [...runner.atl],
          batb: levels(runner.batb),
          batl: levels(runner.batl),
          bdatb: levels(runner.bdatb),
          bdatl: levels(runner.bdatl),
          ltp: runner.ltp ?? null,
          tv: runner.tv ?? null,
        })),
      };
    },
    restore(image) {
      const book: MarketBook = {
        id: image.id,
        definition: image.definition ?? undefined,
        runners: new Map(),
        tv: image.tv ?? undefined,
        pt: image.pt,
        removedAt: new Map(image.removedAt),
        firstMarketTime: image.firstMarketTime ?? undefined,
      };
      for (const stored of image.runners) {
        const runner = newRunner(stored.id, stored.hc);
        applyRunnerChange(runner, {
          id: stored.id,
          atb: stored.atb,
          atl: stored.atl,
          batb: stored.batb,
          batl: stored.batl,
          bdatb: stored.bdatb,
          bdatl: stored.bdatl,
          ...(stored.ltp === null ? {} : { ltp: stored.ltp }),
          ...(stored.tv === null ? {} : { tv: stored.tv }),
        });
        book.runners.set(runnerKey(stored.id, stored.hc), runner);
      }
      books.set(image.id, book);
    },
    clear: () => books.clear(),
  };
}

/** The runner's book in a market (handicap 0 unless given), if any change named it. */
export function runnerBookOf(book: MarketBook, runner: Pick<RunnerDefinition, 'id' | 'hc'>): RunnerBook | undefined {
  return book.runners.get(runnerKey(runner.id, runner.hc));
}

/**
 * The best `depth` prices on one side, best first: from the full-depth ladder when the market
 * carries one (PRO EX_ALL_OFFERS), else the display ladder (virtual prices included, what
 * Betfair's site shows), else the best offers; the same order the best-known client libraries
 * read them in, so a price they call "best available" is the one offered here.
 */
export function bestPrices(runner: RunnerBook, side: 'back' | 'lay', depth: number): [price: number, size: number][] {
  const full = side === 'back' ? runner.atb : runner.atl;
  if (full.size > 0) {
    const sorted = [...full].sort((a, b) => (side === 'back' ? b[0] - a[0] : a[0] - b[0]));
    return sorted.slice(0, depth);
  }
  const levels = (book: LevelBook) => book.filter((entry): entry is [number, number] => entry !== undefined).slice(0, depth);
  const display = levels(side === 'back' ? runner.bdatb : runner.bdatl);
  if (display.length) return display;
  return levels(side === 'back' ? runner.batb : runner.batl);
}
