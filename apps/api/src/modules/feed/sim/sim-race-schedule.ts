import { placesPaid } from '@app/shared';
import type { FeedMarketDef } from '../odds-feed';
import type { SimSport } from './sim-catalogue';
import { RACE_VENUES, raceCard, raceName, type RaceVenue } from './sim-race-cards';

// Where races fall in time and what a race's fixture holds; the race model is sim-racing.ts.

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1_440;
const RUPEE = 100;

/** What the schedule needs to place a race: shared with sim-schedule.ts without a cycle. */
export interface RaceSlot {
  feedKey: string;
  seriesKey: string;
  sport: SimSport;
  venue: RaceVenue;
  lane: number;
  slot: number;
  /** Simulated minutes since the origin. */
  simMinute: number;
  startTime: number;
  speed: number;
  originMs: number;
}

export function venuesOf(sportId: number): readonly RaceVenue[] {
  return RACE_VENUES[sportId] ?? [];
}

/** The race's off in simulated minutes since the origin: the venue's meeting of day `slot / races`. */
export function raceSimMinute(venue: RaceVenue, slot: number): number {
  const day = Math.floor(slot / venue.races);
  return day * DAY_MINUTES + venue.firstRaceUtcMinutes + (slot % venue.races) * venue.gapMinutes;
}

/** The first slot whose off is at or after `simMinute` (or the first of that day's meeting). */
export function firstRaceSlotFrom(venue: RaceVenue, simMinute: number): number {
  const day = Math.max(0, Math.floor(simMinute / DAY_MINUTES) - 1);
  return day * venue.races;
}

/** A race's markets: Win, and Place when the field is 5 or more (2 or 3 places, by field size). */
function raceMarkets(runners: FeedMarketDef['runners']): FeedMarketDef[] {
  const stakes = { betDelaySeconds: 0, minStakePaise: 100 * RUPEE, maxStakePaise: 50_000 * RUPEE };
  const markets: FeedMarketDef[] = [{ key: 'WIN', type: 'WIN', name: 'Win', runners, numberOfWinners: 1, ...stakes }];
  const places = placesPaid(runners.length);
  if (places > 0) markets.push({ key: 'PLACE', type: 'PLACE', name: 'Place', runners, numberOfWinners: places, ...stakes });
  return markets;
}

/** The race as a fixture: "Venue HH:MM", the venue as home and the race's title as away. */
export function raceFixtureParts(race: RaceSlot, selectionIdFor: (name: string) => number) {
  const card = raceCard(race.feedKey, race.sport.sportId, race.venue);
  const runners = card.runners.map((runner) => ({
    selectionId: selectionIdFor(runner.name),
    name: runner.name,
    clothNumber: runner.clothNumber,
    ...(runner.jockey ? { jockey: runner.jockey } : {}),
    form: runner.form,
  }));
  return {
    name: raceName(race.venue, race.originMs + race.simMinute * MINUTE_MS),
    home: race.venue.name,
    away: card.title,
    endBy: race.startTime + Math.round(card.durationSimMs / race.speed),
    markets: raceMarkets(runners),
    ratings: card.runners.map((runner) => runner.rating),
    raceDurationSimMs: card.durationSimMs,
  };
}
