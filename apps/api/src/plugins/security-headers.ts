import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** https hosts the site may frame (the external sportsbook). */
  frameHosts: string[];
}

/** The Content-Security-Policy for the site and the API alike. */
export function buildContentSecurityPolicy(options: SecurityHeaderOptions): string {
  const frameSources = options.frameHosts.map((host) => `https://${host}`);
  return [
    "default-src 'self'",
    "script-src 'self'",
    // No 'unsafe-inline': styles come from our own files; the theme's colours are set through
    // the CSSOM (element.style), which CSP does not govern.
    "style-src 'self'",
    // Game artwork comes from the providers' image hosts.
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${frameSources.length ? frameSources.join(' ') : "'none'"}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // No upgrade-insecure-requests: a trial install opened over http on a LAN address would lose
    // its own scripts. Production runs behind https, where HSTS keeps browsers on https.
  ].join('; ');
}

/** Headers every response carries, page or API. */
const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
};

/**
 * Security headers on every response. Pages and assets get the site's full policy; JSON answers
 * get OWASP's REST set (nothing may load or frame them, never cached), which is also a kilobyte
 * less on the hottest paths. Both objects are built once at start-up.
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const siteHeaders = {
    ...COMMON_HEADERS,
    'content-security-policy': buildContentSecurityPolicy(options),
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
  const apiHeaders = API_HEADERS;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : siteHeaders);
    done();
  });
}

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The headers of every JSON answer, refusals included: also those the framework raises before
 * any hook runs (a bad URL, a request that timed out), which the error handler writes itself.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_HEADERS,
  'content-security-policy': API_CONTENT_SECURITY_POLICY,
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};
