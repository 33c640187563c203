import { SPORTSBOOK_SPORT_ID, type Sport } from '@app/shared';

/**
 * Spec §4: the sportsbook is unavailable when the sports call fails, when the list is empty, or
 * when sport 4 is missing or not active. Then the external sportsbook is launched instead.
 */
export function isSportsbookAvailable(sports: readonly Sport[] | undefined, hasFailed: boolean): boolean {
  if (hasFailed || !sports || sports.length === 0) return false;
  return sports.some((sport) => sport.sport_id === SPORTSBOOK_SPORT_ID && sport.is_active === '1');
}

/** The https hosts a Content-Security-Policy lets the page frame (its frame-src list). */
export function frameHostsFromCsp(policy: string | null): string[] {
  if (!policy) return [];
  const directive = policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('frame-src '));
  if (!directive) return [];
  return directive
    .split(/\s+/)
    .slice(1)
    .filter((source) => source.startsWith('https://'))
    .map((source) => source.slice('https://'.length).toLowerCase());
}

/**
 * The provider address to frame, or null: only an https address whose host is on the allowlist
 * (the operator's SPORTSBOOK_ALLOWED_HOSTS, which the server also puts in the CSP frame-src).
 */
export function allowedSportsbookUrl(raw: string | null, allowedHosts: readonly string[]): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  return allowedHosts.includes(url.host.toLowerCase()) ? url.href : null;
}
