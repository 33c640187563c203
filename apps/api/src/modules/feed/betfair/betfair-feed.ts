import { isRacingSport, MAX_ODDS_HUNDREDTHS, MIN_ODDS_HUNDREDTHS, rupeesToPaise } from '@app/shared';
import type {
  FeedFixture,
  FeedMarketState,
  FeedMatchState,
  FeedPrice,
  FeedRemoval,
  FeedRunnerState,
  FeedScoreboard,
  FeedStatus,
  OddsFeed,
} from '../odds-feed';
import {
  endByOf,
  fixtureKeyOf,
  isTakenMarket,
  marketDefOf,
  marketOrder,
  raceName,
  runnerOf,
  sidesOf,
  sportIdOf,
} from './betfair-mapping';
import { bestPrices, type MarketBook, runnerBookOf } from './market-cache';
import type { CatalogueSource } from './market-catalogues';
import type { StreamKeeper } from './stream-keeper';
import type { MarketDefinition, MarketStatus } from './stream-messages';

const PRICE_DEPTH = 3;

/** A market of a fixture with its definition (only those are shown). */
type DefinedBook = MarketBook & { definition: MarketDefinition };

const toOdds = (price: number) => {
  const odds = Math.round(price * 100);
  return odds >= MIN_ODDS_HUNDREDTHS && odds <= MAX_ODDS_HUNDREDTHS ? odds : undefined;
};

function pricesOf(levels: [number, number][]): FeedPrice[] {
  const prices: FeedPrice[] = [];
  for (const [price, size] of levels) {
    const odds = toOdds(price);
    if (odds !== undefined) prices.push({ odds, sizePaise: rupeesToPaise(size) });
  }
  return prices;
}

const statusOf = (status: MarketStatus): FeedStatus =>
  status === 'OPEN' ? 'OPEN' : status === 'CLOSED' ? 'CLOSED' : 'SUSPENDED';

function marketState(book: DefinedBook): FeedMarketState {
  const definition = book.definition;
  const status = statusOf(definition.status);
  const runners: FeedRunnerState[] = [...definition.runners]
    .sort((a, b) => a.sortPriority - b.sortPriority)
    .map((runner) => {
      const prices = runnerBookOf(book, runner);
      const isActive = runner.status === 'ACTIVE';
      const lastTraded = prices?.ltp === undefined ? undefined : toOdds(prices.ltp);
      return {
        selectionId: runner.id,
        back: status === 'OPEN' && isActive && prices ? pricesOf(bestPrices(prices, 'back', PRICE_DEPTH)) : [],
        lay: status === 'OPEN' && isActive && prices ? pricesOf(bestPrices(prices, 'lay', PRICE_DEPTH)) : [],
        ...(lastTraded === undefined ? {} : { lastTraded }),
        ...(runner.status === 'REMOVED' || runner.status === 'REMOVED_VACANT' ? { isRemoved: true } : {}),
      };
    });
  return {
    key: book.id,
    status,
    runners,
    inPlay: definition.inPlay,
    betDelaySeconds: definition.betDelay ?? 0,
    version: definition.version,
  };
}

/**
 * A closed market's result by Betfair's runner statuses (docs/betting.md "Results from Betfair"):
 * WINNER wins; PLACED counts as placed in a market paying several runners; more winners than the
 * market pays is a dead heat, left for settlement to divide; none is void.
 */
function resultOf(definition: MarketDefinition): { winners: number[] } | 'void' {
  const paysSeveral = definition.numberOfWinners > 1;
  const winners = [...definition.runners]
    .sort((a, b) => a.sortPriority - b.sortPriority)
    .filter((runner) => runner.status === 'WINNER' || (paysSeveral && runner.status === 'PLACED'))
    .map((runner) => runner.id);
  return winners.length ? { winners } : 'void';
}

function removalsOf(book: DefinedBook, shift: (recordedAt: number) => number): FeedRemoval[] {
  return book.definition.runners
    .filter((runner) => runner.status === 'REMOVED' || runner.status === 'REMOVED_VACANT')
    .map((runner) => ({
      selectionId: runner.id,
      factorMilli: runner.status === 'REMOVED' ? Math.round((runner.adjustmentFactor ?? 0) * 1000) : 0,
      removedAt: shift(book.removedAt.get(runner.id) ?? book.pt),
    }));
}

const NOT_YET: FeedMatchState = {
  phase: 'PRE',
  scoreboard: { homeScore: '', awayScore: '', status: 'not_started', note: '', timeline: [] },
  markets: [],
  fancies: [],
  results: { markets: {}, fancies: {} },
};

export interface BetfairFeedOptions {
  keeper: StreamKeeper;
  catalogues: CatalogueSource;
  name: string;
}

/**
 * Betfair's markets as the platform's odds feed (docs/feeds.md): fixtures and states answered
 * from the market cache the keeper holds (fed by a recording or the live stream, on this
 * instance or by the instance that holds the stream).
 */
export function createBetfairFeed({ keeper, catalogues, name }: BetfairFeedOptions): OddsFeed {
  const cache = keeper.cache;
  /** Fixture key → its markets' ids; a market joins its fixture once it has a definition. */
  const fixtureMarkets = new Map<string, Set<string>>();
  const fixtureOfMarket = new Map<string, string>();

  const listeners = new Set<(change: { newMarkets: boolean }) => void>();
  /** Files the markets that have a definition now under their fixture; true when one is new. */
  const index = (marketIds: readonly string[] | 'all'): boolean => {
    let isNew = false;
    const books = marketIds === 'all' ? [...cache.markets()] : marketIds.map((id) => cache.get(id));
    for (const book of books) {
      if (!book?.definition || fixtureOfMarket.has(book.id) || !isTakenMarket(book.definition)) continue;
      const key = fixtureKeyOf(book.definition, book.firstMarketTime ?? book.definition.marketTime);
      fixtureOfMarket.set(book.id, key);
      let set = fixtureMarkets.get(key);
      if (!set) fixtureMarkets.set(key, (set = new Set()));
      set.add(book.id);
      isNew = true;
    }
    return isNew;
  };
  keeper.onChange((marketIds) => {
    const change = { newMarkets: index(marketIds) };
    for (const listener of listeners) listener(change);
  });
  index('all');

  const booksOf = (key: string): DefinedBook[] => {
    const books: DefinedBook[] = [];
    for (const id of fixtureMarkets.get(key) ?? []) {
      const book = cache.get(id);
      if (book?.definition) books.push(book as DefinedBook);
    }
    return books.sort((a, b) => marketOrder(a.definition) - marketOrder(b.definition) || a.id.localeCompare(b.id));
  };

  const fixtureOf = (key: string, books: DefinedBook[]): FeedFixture | undefined => {
    const main = books[0];
    if (!main) return undefined;
    const definition = main.definition;
    const sportId = sportIdOf(definition.eventTypeId) ?? 0;
    const catalogue = catalogues.lookup(main.id);
    const eventName = catalogue?.event?.name ?? definition.eventName ?? '';
    const markets = books.map((book) => marketDefOf(book, book.definition, catalogues.lookup(book.id)));
    // A recording's times shown as it plays (docs/feeds.md "Replaying recorded markets").
    const shift = keeper.timeShift();
    if (isRacingSport(sportId)) {
      const startTime = shift(Date.parse(main.firstMarketTime ?? definition.marketTime));
      const venue = definition.venue ?? catalogue?.event?.venue ?? (eventName || `Event ${definition.eventId}`);
      const win = books.find((book) => book.definition.marketType === 'WIN');
      const title = (win && (catalogues.lookup(win.id)?.marketName ?? win.definition.name)) || eventName || venue;
      return {
        feedKey: key,
        sportId,
        seriesKey: `bf:venue:${sportId}:${venue}:${definition.countryCode ?? ''}`,
        seriesName: venue.slice(0, 200),
        home: venue.slice(0, 200),
        away: title.slice(0, 200),
        name: raceName(venue, startTime, definition.timezone ?? catalogue?.event?.timezone).slice(0, 300),
        startTime,
        endBy: endByOf(sportId, startTime),
        markets,
        fancies: [],
      };
    }
    const startTime = Math.min(...books.map((book) => shift(Date.parse(book.definition.openDate ?? book.definition.marketTime))));
    const matchOdds = markets.find((market) => market.type === 'MATCH_ODDS');
    const sides = matchOdds?.runners.filter((runner) => runner.name !== 'The Draw').map((runner) => runner.name) ?? [];
    const name = eventName || (sides.length === 2 ? sides.join(' v ') : `Event ${definition.eventId}`);
    const [home, away] = sidesOf(name);
    const competition = definition.competitionId ?? catalogue?.competition?.id;
    return {
      feedKey: key,
      sportId,
      seriesKey: competition ? `bf:competition:${competition}` : `bf:sport:${sportId}`,
      seriesName: (
        catalogue?.competition?.name ?? (competition ? `Competition ${competition}` : (catalogue?.eventType?.name ?? 'Betfair'))
      ).slice(0, 200),
      home: home.slice(0, 200),
      away: away.slice(0, 200),
      name: name.slice(0, 300),
      startTime,
      endBy: endByOf(sportId, startTime),
      markets,
      fancies: [],
    };
  };

  const stateOf = (fixture: FeedFixture, books: DefinedBook[], at: number): FeedMatchState => {
    const markets = books.map(marketState);
    const isFinished = books.length > 0 && books.every((book) => book.definition.status === 'CLOSED');
    const isRace = isRacingSport(fixture.sportId);
    // A race is off when a market says in play, or when it is suspended at or after its time.
    const isOff = books.some(
      (book) => book.definition.inPlay || (isRace && book.definition.status === 'SUSPENDED' && at >= fixture.startTime),
    );
    const phase = isFinished ? 'FINISHED' : isOff ? 'IN_PLAY' : 'PRE';
    const results: FeedMatchState['results'] = { markets: {}, placed: {}, fancies: {}, voided: [], removals: {} };
    for (const book of books) {
      if (book.definition.status !== 'CLOSED') continue;
      const result = resultOf(book.definition);
      if (result === 'void') results.voided?.push(book.id);
      else if (book.definition.numberOfWinners <= 1 && result.winners.length === 1)
        results.markets[book.id] = result.winners[0] ?? 0;
      else if (results.placed) results.placed[book.id] = result.winners;
      const removals = removalsOf(book, keeper.timeShift());
      if (removals.length && results.removals) results.removals[book.id] = removals;
    }
    const scoreboard: FeedScoreboard = {
      homeScore: '',
      awayScore: '',
      status: phase === 'FINISHED' ? 'finished' : phase === 'IN_PLAY' ? 'in_play' : 'not_started',
      note: '',
      timeline: [],
    };
    if (isRace && isFinished) scoreboard.placings = placingsOf(books, catalogues, fixture.sportId);
    return { phase, scoreboard, markets, fancies: [], results };
  };

  return {
    name,
    fixtures(_from, to) {
      const fixtures: FeedFixture[] = [];
      for (const [key, ids] of fixtureMarkets) {
        if (ids.size === 0) continue;
        const fixture = fixtureOf(key, booksOf(key));
        if (fixture && fixture.startTime <= to) fixtures.push(fixture);
      }
      return fixtures;
    },
    state(fixture, at) {
      const books = booksOf(fixture.feedKey);
      if (books.length === 0) {
        if (keeper.isReady()) throw new Error(`Betfair has no market of fixture ${fixture.feedKey}`);
        return NOT_YET;
      }
      return stateOf(fixture, books, at);
    },
    push: {
      position: () => keeper.position(),
      isReady: () => keeper.isReady(),
      onChange(listener) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      start: () => keeper.start(),
      stop: () => keeper.stop(),
    },
  };
}

/**
 * A finished race's card: Betfair names winners, not a finishing order, so the Win market's
 * winners come first (position 1) and the Place market's other placed runners share the next
 * position, in their sort order.
 */
function placingsOf(books: DefinedBook[], catalogues: CatalogueSource, sportId: number): FeedScoreboard['placings'] {
  const win = books.find((book) => book.definition.marketType === 'WIN');
  const place = books.find((book) => book.definition.marketType === 'PLACE');
  const nameOf = (book: DefinedBook, id: number) => {
    const runner = book.definition.runners.find((item) => item.id === id);
    return runner ? runnerOf(runner, sportId, catalogues.lookup(book.id)).name : String(id);
  };
  const placings: NonNullable<FeedScoreboard['placings']> = [];
  const winResult = win ? resultOf(win.definition) : 'void';
  const winners = winResult === 'void' ? [] : winResult.winners;
  for (const id of winners) placings.push({ position: 1, selectionId: id, name: win ? nameOf(win, id) : String(id) });
  const placeResult = place ? resultOf(place.definition) : 'void';
  if (place && placeResult !== 'void') {
    for (const id of placeResult.winners.filter((item) => !winners.includes(item))) {
      placings.push({ position: winners.length + 1, selectionId: id, name: nameOf(place, id) });
    }
  }
  return placings;
}
