import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FeedFixture, FeedMatchState, OddsFeed } from '../odds-feed';
import { createBetfairFeed } from './betfair-feed';
import { createMarketCache, type MarketCache } from './market-cache';
import { loadCatalogueFolders, noCatalogues } from './market-catalogues';
import { readRecordingLines } from './recording-reader';
import type { StreamKeeper } from './stream-keeper';
import type { MarketChangeMessage } from './stream-messages';

/**
 * The recorded markets (test/fixtures/betfair/README.md) read as the site reads them: what the
 * files say about runners, prices at a moment, the in-play turn, non-runners and their factors,
 * and the winners.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../../../../test/fixtures/betfair');
const file = (name: string) => path.join(FIXTURES, name);

/** A keeper over a cache filled by hand (no replay, no clock): the feed as any instance sees it. */
function keeperOf(cache: MarketCache): StreamKeeper & { changed(ids: string[]): void } {
  const listeners = new Set<(ids: readonly string[]) => void>();
  return {
    cache,
    position: () => 0,
    timeShift: () => (at: number) => at,
    isReady: () => true,
    onChange: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
    start: async () => undefined,
    stop: async () => undefined,
    changed: (ids) => listeners.forEach((listener) => listener(ids)),
  };
}

/** A recording read up to (and including) `until` (ISO), or whole. */
async function recordingAt(files: string[], until?: string, catalogues = false) {
  const cache = createMarketCache();
  const keeper = keeperOf(cache);
  const feed = createBetfairFeed({
    keeper,
    catalogues: catalogues ? loadCatalogueFolders(files, () => undefined) : noCatalogues,
    name: 'test',
  });
  const limit = until ? Date.parse(until) : Infinity;
  let lines = 0;
  for (const name of files) {
    const reader = readRecordingLines(name);
    for await (const line of reader.lines) {
      const message = JSON.parse(line) as MarketChangeMessage;
      if (message.pt > limit) {
        reader.close();
        break;
      }
      lines += 1;
      keeper.changed(cache.apply(message));
    }
  }
  return { feed, cache, lines };
}

function only(feed: OddsFeed, at: number): { fixture: FeedFixture; state: FeedMatchState } {
  const fixtures = feed.fixtures(0, Infinity);
  expect(fixtures).toHaveLength(1);
  const fixture = fixtures[0]!;
  return { fixture, state: feed.state(fixture, at) };
}

const odds = (prices: { odds: number }[] | undefined) => prices?.map((price) => price.odds / 100);

describe('recorded Betfair markets', () => {
  it('reads plain, .gz and .bz2 recordings line by line', async () => {
    const counts = [];
    for (const name of ['1.197931750', '1.181223995.gz', '1.200806927.bz2', 'BASIC-1.132153978.gz']) {
      counts.push((await recordingAt([file(name)])).lines);
    }
    expect(counts).toEqual([166, 21_922, 18_529, 480]);
  });

  it('a greyhound race: its Win and Place markets as one race, runners by trap with the catalogue names, prices of the first image', async () => {
    const { feed } = await recordingAt([file('1.197931750'), file('1.197931751')], '2022-04-19T18:24:33.420Z', true);
    const { fixture, state } = only(feed, Date.parse('2022-04-19T18:24:34Z'));
    expect(fixture).toMatchObject({
      sportId: 4339,
      name: 'Sheffield 19:26',
      home: 'Sheffield',
      away: 'OR 280m',
      seriesName: 'Sheffield',
    });
    expect(fixture.startTime).toBe(Date.parse('2022-04-19T18:26:00Z'));
    expect(fixture.markets.map((market) => [market.marketId, market.type, market.name, market.numberOfWinners])).toEqual([
      ['1.197931750', 'WIN', 'Win', 1],
      ['1.197931751', 'PLACE', 'Place', 2],
    ]);
    expect(fixture.markets[0]?.runners.map((runner) => [runner.clothNumber, runner.name])).toEqual([
      [1, 'Paradise Mission'],
      [2, 'Sandwood Jet'],
      [3, 'Kirabilly Kathy'],
      [4, 'Gurtnacrehyblake'],
      [5, 'Castlehill Jil'],
      [6, 'Coolavanny Galiv'],
    ]);
    expect(state.phase).toBe('PRE');
    const win = state.markets[0]!;
    expect(win).toMatchObject({ status: 'OPEN', inPlay: false, betDelaySeconds: 0 });
    // Trap 4's first image: the best three of its full ladders.
    const trap4 = win.runners.find((runner) => runner.selectionId === 42930960);
    expect(odds(trap4?.back)).toEqual([8.8, 8.6, 8.4]);
    expect(odds(trap4?.lay)).toEqual([9, 9.2, 9.4]);
    expect(trap4?.back[0]?.sizePaise).toBe(1_862);
    expect(trap4?.lastTraded).toBe(880);
  });

  it('a greyhound race: suspended at the off (in play, no prices), then closed with one winner and two placed', async () => {
    const files = [file('1.197931750'), file('1.197931751')];
    const off = await recordingAt(files, '2022-04-19T18:27:19Z');
    const atOff = only(off.feed, Date.parse('2022-04-19T18:27:19Z')).state;
    expect(atOff.phase).toBe('IN_PLAY');
    expect(atOff.markets.map((market) => market.status)).toEqual(['SUSPENDED', 'SUSPENDED']);
    expect(atOff.markets[0]?.runners.every((runner) => runner.back.length === 0 && runner.lay.length === 0)).toBe(true);

    const end = only((await recordingAt(files)).feed, Date.parse('2022-04-19T18:30:00Z')).state;
    expect(end.phase).toBe('FINISHED');
    expect(end.results.markets).toEqual({ '1.197931750': 37947503 });
    expect(end.results.placed).toEqual({ '1.197931751': [37947503, 39823721] });
    expect(end.scoreboard.placings?.map((placing) => [placing.position, placing.selectionId])).toEqual([
      [1, 37947503],
      [2, 39823721],
    ]);
  });

  it('a cricket match: pre-match for six days, then in play with a 5 s delay, then won by the first runner', async () => {
    const files = [file('1.200806927.bz2')];
    const before = only((await recordingAt(files, '2022-07-11T11:00:20Z')).feed, Date.parse('2022-07-11T11:00:20Z'));
    expect(before.fixture).toMatchObject({ sportId: 4, name: 'Runner 1 v Runner 2', home: 'Runner 1', away: 'Runner 2' });
    expect(before.state.markets[0]).toMatchObject({ status: 'SUSPENDED', inPlay: false, betDelaySeconds: 0 });
    expect(before.state.phase).toBe('PRE');
    const turned = only((await recordingAt(files, '2022-07-11T11:00:21Z')).feed, Date.parse('2022-07-11T11:00:21Z')).state;
    expect(turned.phase).toBe('IN_PLAY');
    expect(turned.markets[0]).toMatchObject({ status: 'OPEN', inPlay: true, betDelaySeconds: 5 });
    const end = only((await recordingAt(files)).feed, Date.parse('2022-07-12T00:00:00Z')).state;
    expect(end.phase).toBe('FINISHED');
    expect(end.results.markets).toEqual({ '1.200806927': 228749 });
  });

  it('a horse Place market paying three: in play at 16:20:34 with a 1 s delay, three placed', async () => {
    const files = [file('1.181223995.gz')];
    const turned = only((await recordingAt(files, '2021-03-30T16:20:35Z')).feed, Date.parse('2021-03-30T16:20:35Z'));
    expect(turned.fixture).toMatchObject({ sportId: 7, home: 'Warwick' });
    expect(turned.fixture.markets[0]).toMatchObject({ type: 'PLACE', numberOfWinners: 3 });
    expect(turned.fixture.markets[0]?.runners[0]?.name).toBe('Runner 1');
    expect(turned.state).toMatchObject({ phase: 'IN_PLAY' });
    expect(turned.state.markets[0]).toMatchObject({ status: 'OPEN', inPlay: true, betDelaySeconds: 1 });
    const end = only((await recordingAt(files)).feed, Date.parse('2021-03-31T00:00:00Z')).state;
    expect(end.results.placed).toEqual({ '1.181223995': [786779, 38378745, 38975317] });
    expect(end.results.removals).toEqual({});
  });

  it('a BASIC race: names from the definitions, no offers, two non-runners with their factors, one winner', async () => {
    const files = [file('BASIC-1.132153978.gz')];
    const { feed, cache } = await recordingAt(files);
    const { fixture, state } = only(feed, Date.parse('2017-06-15T00:00:00Z'));
    expect(fixture).toMatchObject({ sportId: 7, home: 'Hamilton', away: '1m Hcap' });
    // Betfair moves non-runners to the top of its sort order: the names are all there, from the definitions.
    expect(fixture.markets[0]?.runners.map((runner) => runner.name)).toEqual(
      expect.arrayContaining(['Brother Mcgonagall', 'Match My Fire', 'Hellavashock', 'Hymn For The Dudes']),
    );
    expect(fixture.markets[0]?.runners).toHaveLength(14);
    expect(state.markets[0]?.runners.every((runner) => runner.back.length === 0 && runner.lay.length === 0)).toBe(true);
    expect(state.markets[0]?.runners.find((runner) => runner.selectionId === 11198538)?.isRemoved).toBe(true);
    expect(state.results.markets).toEqual({ '1.132153978': 12115648 });
    expect(state.results.removals?.['1.132153978']).toEqual([
      { selectionId: 11198538, factorMilli: 7_140, removedAt: Date.parse('2017-06-14T07:01:41.932Z') },
      { selectionId: 9606433, factorMilli: 5_550, removedAt: Date.parse('2017-06-14T09:24:41.916Z') },
    ]);
    // Last traded prices are all a BASIC file has.
    expect(cache.get('1.132153978')?.runners.size).toBeGreaterThan(0);
    expect(state.markets[0]?.runners.some((runner) => runner.lastTraded !== undefined)).toBe(true);
  });
});
