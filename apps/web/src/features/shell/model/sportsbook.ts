import { SPORTSBOOK_SPORT_ID, type Sport } from '@app/shared';

/**
 * Spec §4: the sportsbook is unavailable when the sports call fails, when the list is empty, or
 * when sport 4 is missing or not active. Then the external sportsbook is launched instead.
 */
export function isSportsbookAvailable(sports: readonly Sport[] | undefined, hasFailed: boolean): boolean {
  if (hasFailed || !sports || sports.length === 0) return false;
  return sports.some((sport) => sport.sport_id === SPORTSBOOK_SPORT_ID && sport.is_active === '1');
}
