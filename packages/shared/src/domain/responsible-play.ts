/**
 * Responsible play (docs/responsible-play.md): the limits a player sets, session controls,
 * time-outs and self-exclusion, as the numbers both the site and the server use.
 */

export const RG_LIMIT_KINDS = ['deposit', 'loss', 'stake'] as const;
export type RgLimitKind = (typeof RG_LIMIT_KINDS)[number];
export const RG_PERIODS = ['day', 'week', 'month'] as const;
export type RgPeriod = (typeof RG_PERIODS)[number];

const HOUR_MS = 3_600_000;
/** Rolling windows, counted in whole hours: a day is the current hour and the 23 before it. */
export const RG_PERIOD_HOURS: Record<RgPeriod, number> = { day: 24, week: 24 * 7, month: 24 * 30 };

/** A raised or removed limit applies only after this cool-off, and only once the player confirms it. */
export const RG_INCREASE_COOL_OFF_MS = 24 * HOUR_MS;
/** After a self-exclusion ends, a player who asks to return waits this long. */
export const RG_RETURN_WAIT_MS = 24 * HOUR_MS;

export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];
export const MAX_SESSION_LIMIT_MINUTES = 1_440;

export const TIME_OUT_DURATIONS = ['24h', '7d', '30d'] as const;
export const SELF_EXCLUSION_DURATIONS = ['6m', '1y', '5y', 'permanent'] as const;
export type TimeOutDuration = (typeof TIME_OUT_DURATIONS)[number];
export type SelfExclusionDuration = (typeof SELF_EXCLUSION_DURATIONS)[number];
export type PauseKind = 'time_out' | 'self_exclusion';

const DAY_MS = 24 * HOUR_MS;
/** How long each pause lasts; null: for ever. Months and years as 30 and 365 days (a pause never ends early). */
export const PAUSE_DURATION_MS: Record<TimeOutDuration | SelfExclusionDuration, number | null> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '6m': 183 * DAY_MS,
  '1y': 365 * DAY_MS,
  '5y': 5 * 365 * DAY_MS,
  permanent: null,
};

/** The hour a moment falls in (epoch hours): the usage buckets' key. */
export function hourOf(epochMs: number): number {
  return Math.floor(epochMs / HOUR_MS);
}

/** The first hour a rolling window of `period` ending in the hour of `now` covers. */
export function windowStartHour(period: RgPeriod, now: number): number {
  return hourOf(now) - RG_PERIOD_HOURS[period] + 1;
}

/**
 * A limit change: a new limit or a lower one applies at once; a higher one, or removing it, waits
 * for the cool-off and the player's confirmation after it.
 */
export function isLoosening(current: number | null, next: number | null): boolean {
  if (current === null) return false;
  return next === null || next > current;
}
