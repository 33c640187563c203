import type { FeedFixture, OddsFeed } from '../odds-feed';
import { createFixtureIndex, fixtureOf } from './betfair-fixtures';
import { matchStateOf, NOT_YET } from './betfair-match-state';
import type { CatalogueSource } from './market-catalogues';
import type { StreamKeeper } from './stream-keeper';

export interface BetfairFeedOptions {
  keeper: StreamKeeper;
  catalogues: CatalogueSource;
  name: string;
}

/**
 * Betfair's markets as the platform's odds feed (docs/feeds.md): fixtures and states answered
 * from the market cache the keeper holds (fed by a recording or the live stream, on this
 * instance or by the instance that holds the stream). The markets filed by fixture and the
 * fixtures they describe are in betfair-fixtures.ts, a fixture's state in betfair-match-state.ts.
 */
export function createBetfairFeed({ keeper, catalogues, name }: BetfairFeedOptions): OddsFeed {
  const fixtureIndex = createFixtureIndex(keeper.cache);
  const listeners = new Set<(change: { newMarkets: boolean }) => void>();
  keeper.onChange((marketIds) => {
    const change = { newMarkets: fixtureIndex.index(marketIds) };
    for (const listener of listeners) listener(change);
  });
  fixtureIndex.index('all');

  return {
    name,
    fixtures(_from, to) {
      const fixtures: FeedFixture[] = [];
      for (const key of fixtureIndex.fixtureKeys()) {
        // A recording's times shown as it plays (docs/feeds.md "Replaying recorded markets").
        const fixture = fixtureOf(key, fixtureIndex.booksOf(key), catalogues, keeper.timeShift());
        if (fixture && fixture.startTime <= to) fixtures.push(fixture);
      }
      return fixtures;
    },
    state(fixture, at) {
      const books = fixtureIndex.booksOf(fixture.feedKey);
      if (books.length === 0) {
        if (keeper.isReady()) throw new Error(`Betfair has no market of fixture ${fixture.feedKey}`);
        return NOT_YET;
      }
      return matchStateOf(fixture, books, at, catalogues, keeper.timeShift());
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
