import { isRacingSport, PAISE_PER_RUPEE, SPORTS } from '@app/shared';
import type { FeedMarketDef, FeedRunner } from '../odds-feed';
import type { MarketBook } from './market-cache';
import type { MarketCatalogue } from './market-catalogues';
import type { MarketDefinition, RunnerDefinition } from './stream-messages';

/**
 * How Betfair's markets become the site's sports, series, matches, markets and runners
 * (docs/feeds.md "What the site shows"). Pure: the feed calls these on its cached markets.
 */

const RUPEE = PAISE_PER_RUPEE;
const SPORT_IDS = new Set<number>(SPORTS.map((sport) => sport.sportId));
/** Stake limits of a Betfair market, as the simulator's for the same kind (docs/sports.md). */
const RACE_STAKES = { minStakePaise: 100 * RUPEE, maxStakePaise: 50_000 * RUPEE };
const OTHER_STAKES = { minStakePaise: 100 * RUPEE, maxStakePaise: 500_000 * RUPEE };
/** How long after its start a fixture may still run, for the window the platform follows. */
const RACE_RUNS_MS = 2 * 3_600_000;
const EVENT_RUNS_MS = 12 * 3_600_000;

/**
 * Betfair's event type ids are the site's sport ids (docs/product.md §3 lists Betfair's own:
 * 1 soccer, 2 tennis, 4 cricket, 7 horse racing, 4339 greyhound racing, 7522 basketball…); an
 * event type the site has no sport for is not shown.
 */
export function sportIdOf(eventTypeId: string): number | undefined {
  const id = Number(eventTypeId);
  return Number.isSafeInteger(id) && id > 0 && SPORT_IDS.has(id) ? id : undefined;
}

/** Only fixed-odds win markets are taken (no Asian handicap or line markets, no each-way). */
export function isTakenMarket(definition: MarketDefinition): boolean {
  return (
    definition.bettingType === 'ODDS' && definition.marketType !== 'EACH_WAY' && sportIdOf(definition.eventTypeId) !== undefined
  );
}

/**
 * A race is its event (the meeting) and its off time: its Win and Place markets share both.
 * The time is the one the market first had, so a race whose off moves keeps its match. Any other
 * sport's match is its event.
 */
export function fixtureKeyOf(definition: MarketDefinition, firstMarketTime: string): string {
  const sportId = sportIdOf(definition.eventTypeId) ?? 0;
  return isRacingSport(sportId) ? `bf:${definition.eventId}:${firstMarketTime}` : `bf:${definition.eventId}`;
}

const MARKET_NAMES: Record<string, string> = { MATCH_ODDS: 'Match Odds', WIN: 'Win', PLACE: 'Place' };
const MARKET_ORDER = ['MATCH_ODDS', 'WIN', 'PLACE'];

export function marketOrder(definition: MarketDefinition): number {
  const index = MARKET_ORDER.indexOf(definition.marketType);
  return index === -1 ? MARKET_ORDER.length : index;
}

function titleCase(marketType: string): string {
  return marketType
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** A race's Win and Place are called so, as the simulator's; other markets by their catalogue or definition name. */
export function marketNameOf(definition: MarketDefinition, catalogue: MarketCatalogue | undefined): string {
  const sportId = sportIdOf(definition.eventTypeId) ?? 0;
  if (isRacingSport(sportId) && MARKET_NAMES[definition.marketType]) return MARKET_NAMES[definition.marketType] ?? '';
  return catalogue?.marketName || definition.name || MARKET_NAMES[definition.marketType] || titleCase(definition.marketType);
}

/** Greyhound catalogues name a dog "3. Name": the trap, then the name. */
const TRAP_PREFIX = /^(\d{1,2})\.\s+(.+)$/;

/**
 * A runner as the site shows it. Names come from the catalogue, then the definition (historic
 * files); a runner with neither shows its saddle-cloth (a greyhound's trap) or, lacking that,
 * its sort order: never a blank.
 */
export function runnerOf(runner: RunnerDefinition, sportId: number, catalogue: MarketCatalogue | undefined): FeedRunner {
  const listed = catalogue?.runners?.find((item) => item.selectionId === runner.id);
  const metadata = listed?.metadata ?? {};
  let name = (listed?.runnerName ?? runner.name ?? '').trim();
  let clothNumber = Number(metadata.CLOTH_NUMBER ?? metadata.CLOTH_NUMBER_ALPHA ?? NaN);
  const trap = TRAP_PREFIX.exec(name);
  if (trap) {
    clothNumber = Number(trap[1]);
    name = trap[2] ?? name;
  }
  const isRace = isRacingSport(sportId);
  if (isRace && !Number.isSafeInteger(clothNumber) && sportId === 4339) clothNumber = runner.sortPriority;
  const hasCloth = Number.isSafeInteger(clothNumber) && clothNumber > 0;
  if (!name)
    name = hasCloth ? (sportId === 4339 ? `Trap ${clothNumber}` : `No. ${clothNumber}`) : `Runner ${runner.sortPriority}`;
  return {
    selectionId: runner.id,
    name: name.slice(0, 200),
    ...(isRace && hasCloth ? { clothNumber } : {}),
    ...(isRace && metadata.JOCKEY_NAME ? { jockey: metadata.JOCKEY_NAME.slice(0, 100) } : {}),
    ...(isRace && metadata.FORM ? { form: metadata.FORM.slice(0, 40) } : {}),
  };
}

export function marketDefOf(
  book: MarketBook,
  definition: MarketDefinition,
  catalogue: MarketCatalogue | undefined,
): FeedMarketDef {
  const sportId = sportIdOf(definition.eventTypeId) ?? 0;
  const runners = [...definition.runners].sort((a, b) => a.sortPriority - b.sortPriority);
  return {
    key: book.id,
    marketId: book.id,
    type: definition.marketType,
    name: marketNameOf(definition, catalogue).slice(0, 200),
    runners: runners.map((runner) => runnerOf(runner, sportId, catalogue)),
    numberOfWinners: Math.max(1, definition.numberOfWinners || 1),
    betDelaySeconds: definition.betDelay ?? 0,
    ...(isRacingSport(sportId) ? RACE_STAKES : OTHER_STAKES),
  };
}

/** "Sheffield 19:26" on the venue's own clock (the simulator's race names: docs/sports.md "Racing"). */
export function raceName(venue: string, startTime: number, timezone: string | undefined): string {
  let zone = timezone || 'UTC';
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(startTime),
  );
  return `${venue} ${time}`;
}

/** "India v Australia" → the two sides; anything else is one side's name and no other. */
export function sidesOf(name: string): [home: string, away: string] {
  const parts = name.split(/\s+(?:v|vs\.?|@)\s+/i);
  return parts.length === 2 ? [parts[0] ?? name, parts[1] ?? ''] : [name, ''];
}

export function endByOf(sportId: number, startTime: number): number {
  return startTime + (isRacingSport(sportId) ? RACE_RUNS_MS : EVENT_RUNS_MS);
}
