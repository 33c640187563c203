// The sportsbook frame's address checks: only its lazy page needs them, not /home.

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
