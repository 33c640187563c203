/**
 * Racing (horse 7, greyhound 4339): a Win market and, for fields of five or more, a Place market
 * that pays several runners, as Betfair does (docs/sports.md "Racing").
 */
export const HORSE_RACING_SPORT_ID = 7;
export const GREYHOUND_RACING_SPORT_ID = 4339;
export const RACING_SPORT_IDS: readonly number[] = [HORSE_RACING_SPORT_ID, GREYHOUND_RACING_SPORT_ID];

/** The smallest field that gets a Place market. */
export const MIN_PLACE_FIELD = 5;

export function isRacingSport(sportId: number): boolean {
  return RACING_SPORT_IDS.includes(sportId);
}

/**
 * How many runners a Place market pays for a field of `runners`: the first 2 for 5–7 runners,
 * the first 3 for 8 or more; 0 (no Place market) under 5.
 */
export function placesPaid(runners: number): number {
  if (runners < MIN_PLACE_FIELD) return 0;
  return runners < 8 ? 2 : 3;
}
