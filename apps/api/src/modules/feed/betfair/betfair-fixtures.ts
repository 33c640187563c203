import { isRacingSport } from '@app/shared';
import type { FeedFixture } from '../odds-feed';
import type { DefinedBook } from './betfair-feed-support';
import { endByOf, fixtureKeyOf, isTakenMarket, marketDefOf, marketOrder, raceName, sidesOf, sportIdOf } from './betfair-mapping';
import type { MarketCache } from './market-cache';
import type { CatalogueSource } from './market-catalogues';

/** The cache's markets filed under their fixtures. */
export interface FixtureIndex {
  /** Files the markets that have a definition now under their fixture; true when one is new. */
  index(marketIds: readonly string[] | 'all'): boolean;
  /** The fixtures that have markets, by key. */
  fixtureKeys(): Iterable<string>;
  /** A fixture's markets with a definition, in the site's order. */
  booksOf(key: string): DefinedBook[];
}

export function createFixtureIndex(cache: MarketCache): FixtureIndex {
  /** Fixture key → its markets' ids; a market joins its fixture once it has a definition. */
  const fixtureMarkets = new Map<string, Set<string>>();
  const fixtureOfMarket = new Map<string, string>();

  return {
    index(marketIds) {
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
    },

    *fixtureKeys() {
      for (const [key, ids] of fixtureMarkets) if (ids.size > 0) yield key;
    },

    booksOf(key) {
      const books: DefinedBook[] = [];
      for (const id of fixtureMarkets.get(key) ?? []) {
        const book = cache.get(id);
        if (book?.definition) books.push(book as DefinedBook);
      }
      return books.sort((a, b) => marketOrder(a.definition) - marketOrder(b.definition) || a.id.localeCompare(b.id));
    },
  };
}

/**
 * The fixture a fixture's markets describe (docs/feeds.md): a race by its venue and off time, a
 * match by its sides and competition. `shift`: recorded time → the site's (a recording's times
 * are shown as it plays, docs/feeds.md "Replaying recorded markets").
 */
export function fixtureOf(
  key: string,
  books: DefinedBook[],
  catalogues: CatalogueSource,
  shift: (recordedAt: number) => number,
): FeedFixture | undefined {
  const main = books[0];
  if (!main) return undefined;
  const definition = main.definition;
  const sportId = sportIdOf(definition.eventTypeId) ?? 0;
  const catalogue = catalogues.lookup(main.id);
  const eventName = catalogue?.event?.name ?? definition.eventName ?? '';
  const markets = books.map((book) => marketDefOf(book, book.definition, catalogues.lookup(book.id)));
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
}
