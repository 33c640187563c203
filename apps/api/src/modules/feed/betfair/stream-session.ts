import { readFile } from 'node:fs/promises';
import { request } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { BetfairStreamConfig } from './stream-config';
import type { StreamErrorCode } from './stream-health';

const IDENTITY_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;
/** Betfair bars new logins for 20 minutes after too many (TEMPORARY_BAN_TOO_MANY_REQUESTS). */
const LOGIN_BAN_MS = 20 * 60_000;
/** A keep-alive that could not reach Betfair is tried again this soon, not a whole interval later. */
const KEEP_ALIVE_RETRY_MS = 60_000;

/** A login or keep-alive failed. `isFatal`: only a change of configuration (or of the account) helps. */
export class IdentityError extends Error {
  constructor(
    readonly code: Extract<StreamErrorCode, 'LOGIN_FAILED' | 'SESSION_EXPIRED' | 'IDENTITY_UNAVAILABLE'>,
    message: string,
    readonly isFatal: boolean,
    /** Wait at least this long before trying again. */
    readonly retryAfterMs = 0,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

/** The Betfair session the stream authenticates with, kept alive and renewed (docs/feeds-stream.md, "The session"). */
export interface BetfairSession {
  readonly source: 'token' | 'certificate';
  /** The token to use now (a certificate login logs in first if it holds none). */
  token(): Promise<string>;
  /** The stream refused the token: log in anew, or (a given token) check that it still lives. */
  renew(): Promise<string>;
  /** Keeps the session alive every `keepAliveMs`; a fault is reported to `onProblem`. */
  start(onProblem: (error: IdentityError) => void): void;
  stop(): void;
  /** Epoch ms of the last successful login or keep-alive. */
  renewedAt(): number | null;
}

interface Answer {
  status: number;
  body: unknown;
}

/** One POST to the identity service; its JSON answer. Network faults and non-JSON answers are IDENTITY_UNAVAILABLE. */
function post(
  url: string,
  headers: Record<string, string>,
  options: { body?: string; ca?: string; cert?: Buffer; key?: Buffer; timeoutMs: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const fail = (why: string) => reject(new IdentityError('IDENTITY_UNAVAILABLE', `${new URL(url).host}: ${why}`, false));
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers: { accept: 'application/json', ...headers },
        timeout: options.timeoutMs,
        ...(options.ca ? { ca: [...rootCertificates, options.ca] } : {}),
        ...(options.cert && options.key ? { cert: options.cert, key: options.key } : {}),
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        incoming.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > MAX_ANSWER_BYTES) {
            incoming.destroy();
            fail('answer too large');
            return;
          }
          chunks.push(chunk);
        });
        incoming.on('error', (error) => fail(error.message));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: incoming.statusCode ?? 0, body: JSON.parse(text) as unknown });
          } catch {
            fail(`HTTP ${incoming.statusCode}: an answer that is not JSON`);
          }
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    outgoing.on('error', (error) => fail(error.message));
    outgoing.end(options.body);
  });
}

const field = (body: unknown, name: string): string | undefined => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/**
 * The session for the stream: a given token kept alive with Betfair's keep-alive call, or one
 * the certificate login obtains and obtains again when Betfair ends it. Identity calls never
 * log or report the token, the password or the key.
 */
export function createBetfairSession(
  config: Pick<
    BetfairStreamConfig,
    'appKey' | 'sessionToken' | 'certLogin' | 'identityUrl' | 'identityCertUrl' | 'ca' | 'keepAliveMs' | 'identityTimeoutMs'
  >,
  now: () => number,
): BetfairSession {
  const certLogin = config.certLogin;
  const timeoutMs = config.identityTimeoutMs ?? IDENTITY_TIMEOUT_MS;
  let current = config.sessionToken;
  let renewedAt: number | null = null;
  let inFlight: Promise<string> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let isRunning = false;

  async function login(): Promise<string> {
    if (!certLogin)
      throw new IdentityError('SESSION_EXPIRED', 'The session token has ended and no certificate login is configured', true);
    let cert: Buffer;
    let key: Buffer;
    try {
      [cert, key] = await Promise.all([readFile(certLogin.certFile), readFile(certLogin.keyFile)]);
    } catch (error) {
      throw new IdentityError('LOGIN_FAILED', `The login certificate cannot be read: ${(error as Error).message}`, true);
    }
    const body = new URLSearchParams({ username: certLogin.username, password: certLogin.password }).toString();
    const answer = await post(
      `${config.identityCertUrl}certlogin`,
      { 'x-application': config.appKey, 'content-type': 'application/x-www-form-urlencoded' },
      { body, ca: config.ca, cert, key, timeoutMs },
    );
    const status = field(answer.body, 'loginStatus');
    const token = field(answer.body, 'sessionToken');
    if (status === 'SUCCESS' && token) {
      current = token;
      renewedAt = now();
      return token;
    }
    if (!status)
      throw new IdentityError('IDENTITY_UNAVAILABLE', `certlogin answered HTTP ${answer.status} without a login status`, false);
    // Every other status is the account's state or its credentials: a person must act.
    const isBan = status === 'TEMPORARY_BAN_TOO_MANY_REQUESTS';
    throw new IdentityError('LOGIN_FAILED', `Betfair refused the certificate login: ${status}`, !isBan, isBan ? LOGIN_BAN_MS : 0);
  }

  /** Extends the session; the session is gone → log in again (certificate) or SESSION_EXPIRED. */
  async function keepAlive(): Promise<string> {
    if (current === undefined) return login();
    const answer = await post(
      `${config.identityUrl}keepAlive`,
      { 'x-application': config.appKey, 'x-authentication': current },
      { ca: config.ca, timeoutMs },
    );
    const status = field(answer.body, 'status');
    if (status === 'SUCCESS') {
      current = field(answer.body, 'token') || current;
      renewedAt = now();
      return current;
    }
    const error = field(answer.body, 'error') ?? `HTTP ${answer.status}`;
    if (error === 'NO_SESSION' || error === 'INPUT_VALIDATION_ERROR') {
      current = undefined;
      if (certLogin) return login();
      throw new IdentityError(
        'SESSION_EXPIRED',
        `The session token has ended (keep-alive: ${error}); give a new BETFAIR_SESSION_TOKEN or configure the certificate login`,
        true,
      );
    }
    throw new IdentityError('IDENTITY_UNAVAILABLE', `keep-alive failed: ${error}`, false);
  }

  /** One identity call at a time: the stream and the keep-alive timer share it. */
  const once = (work: () => Promise<string>): Promise<string> =>
    (inFlight ??= work().finally(() => {
      inFlight = undefined;
    }));

  const schedule = (delayMs: number, onProblem: (error: IdentityError) => void) => {
    clearTimeout(timer);
    if (!isRunning) return;
    timer = setTimeout(() => {
      once(keepAlive).then(
        () => schedule(config.keepAliveMs, onProblem),
        (error: unknown) => {
          const problem =
            error instanceof IdentityError ? error : new IdentityError('IDENTITY_UNAVAILABLE', String(error), false);
          onProblem(problem);
          if (!problem.isFatal)
            schedule(Math.max(problem.retryAfterMs, Math.min(KEEP_ALIVE_RETRY_MS, config.keepAliveMs)), onProblem);
        },
      );
    }, delayMs);
    timer.unref();
  };

  return {
    source: certLogin ? 'certificate' : 'token',
    token: () => (current !== undefined ? Promise.resolve(current) : once(login)),
    renew: () => once(certLogin ? login : keepAlive),
    start(onProblem) {
      isRunning = true;
      schedule(config.keepAliveMs, onProblem);
    },
    stop() {
      isRunning = false;
      clearTimeout(timer);
    },
    renewedAt: () => renewedAt,
  };
}
