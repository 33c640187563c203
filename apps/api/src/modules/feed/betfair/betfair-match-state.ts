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
} from '../odds-feed';
import type { DefinedBook } from './betfair-feed-support';
import { runnerOf } from './betfair-mapping';
import { bestPrices, runnerBookOf } from './market-cache';
import type { CatalogueSource } from './market-catalogues';
import type { MarketDefinition, MarketStatus } from './stream-messages';

const PRICE_DEPTH = 3;

/** A fixture whose markets have not arrived yet. */
export const NOT_YET: FeedMatchState = {
  phase: 'PRE',
  scoreboard: { homeScore: '', awayScore: '', status: 'not_started', note: '', timeline: [] },
  markets: [],
  fancies: [],
  results: { markets: {}, fancies: {} },
};

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

/**
 * A fixture's state at `at` from its markets (docs/feeds.md): their prices, the phase, and each
 * closed market's result and removals. `shift`: recorded time → the site's.
 */
export function matchStateOf(
  fixture: FeedFixture,
  books: DefinedBook[],
  at: number,
  catalogues: CatalogueSource,
  shift: (recordedAt: number) => number,
): FeedMatchState {
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
    const removals = removalsOf(book, shift);
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
