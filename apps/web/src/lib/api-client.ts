import {
  type AWAITING_APPROVAL,
  type AwaitingApproval,
  type DataOf,
  type Endpoint,
  type ErrorCode,
  formatMoment,
  formatRupees,
  type RequestOf,
} from '@app/shared';
import i18next from 'i18next';
import { storageKeys } from './storage';

/** A refusal from the API; `message` is what the player reads, in their language. */
export class ApiError extends Error {
  readonly code: ErrorCode | 'NETWORK';
  readonly status: number;
  /** The server's own (English) text, kept for logs and for codes without a translation. */
  readonly serverMessage: string;
  /** Seconds until a retry may pass, when the server said so (`retry_after` or Retry-After). */
  readonly retryAfterSeconds: number | null;
  /** The refusal's `data`, for the codes that carry some (ODDS_CHANGED: the price now). */
  readonly data: unknown;

  constructor(
    message: string,
    code: ErrorCode | 'NETWORK',
    status: number,
    details: { serverMessage?: string; retryAfterSeconds?: number | null; data?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.serverMessage = details.serverMessage ?? message;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
    this.data = details.data;
  }
}

/**
 * A refusal's own words in the player's language when its `data` says what the message says:
 * `LIMIT_REACHED` names the responsible-play limit and what is left (docs/responsible-play.md).
 */
function refusalDetail(code: ErrorCode, data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const moment = (iso: string) => formatMoment(iso, i18next.resolvedLanguage ?? i18next.language);
  // A refusal that names a moment carries it, so it reads in the player's zone (docs/shell.md "Dates and times").
  const { until, from } = data as Record<string, unknown>;
  if (code === 'PLAY_PAUSED' && typeof until === 'string') {
    return i18next.t('errors.details.PLAY_PAUSED_UNTIL', { until: moment(until) });
  }
  if (code === 'REFUSED' && typeof from === 'string') return i18next.t('errors.details.CONFIRM_FROM', { from: moment(from) });
  if (code !== 'LIMIT_REACHED') return null;
  const { kind, period, limit, left } = data as Record<string, unknown>;
  if (typeof kind !== 'string' || typeof period !== 'string' || typeof limit !== 'number' || typeof left !== 'number') {
    return null;
  }
  const nameKey = `errors.details.limitNames.${kind}.${period}`;
  if (!i18next.exists(nameKey)) return null;
  return i18next.t('errors.details.LIMIT_REACHED', {
    name: i18next.t(nameKey),
    limit: formatRupees(limit),
    left: formatRupees(left),
  });
}

/**
 * What the player reads for a refusal (docs/shell.md "Errors"): in English the server's own
 * message, which names the exact problem; in Hindi and Bengali the translation of its code
 * (`errors.{code}`), since the server speaks English only — or, for a code whose `data` carries
 * the particulars (a limit and what is left), the translated sentence with them. A code without a
 * translation falls back to the server's message, then to a general line.
 */
export function refusalMessage(code: ErrorCode, serverMessage: string, data?: unknown): string {
  const isEnglish = (i18next.resolvedLanguage ?? i18next.language) === 'en';
  if (isEnglish && serverMessage) return serverMessage;
  const detail = refusalDetail(code, data);
  if (detail) return detail;
  const key = `errors.${code}`;
  if (i18next.exists(key)) return i18next.t(key);
  return serverMessage || i18next.t('common.unexpectedError');
}

/**
 * A success line: the server's own message in English, our translation (`fallback`) in Hindi and
 * Bengali, whose players would otherwise read English (docs/shell.md "Errors").
 */
export function successMessage(serverMessage: string, fallback: string): string {
  const isEnglish = (i18next.resolvedLanguage ?? i18next.language) === 'en';
  return isEnglish && serverMessage ? serverMessage : fallback;
}

/** A positive whole number of seconds from the body's `retry_after` or the Retry-After header. */
function retryAfterOf(payload: unknown, response: Response): number | null {
  const fromBody = (payload as { retry_after?: unknown } | null)?.retry_after;
  const candidate = typeof fromBody === 'number' ? fromBody : Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(candidate) && candidate > 0 ? Math.ceil(candidate) : null;
}

export interface CallOptions {
  /** Money-moving calls send one so a retry applies once. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface ApiResult<E extends Endpoint> {
  data: DataOf<E>;
  message: string;
  /** Set when a four-eyes act waits for a second operator (HTTP 202; only with `awaitingApprovalStatus`). */
  awaiting?: AwaitingApproval;
}

/** A refusal as the client's session sees it. */
export interface Refusal {
  status: number;
  code: ErrorCode;
  /** Whether the call carried a token (a refused login carries none and ends no session). */
  hadToken: boolean;
}

/**
 * What sets one API client apart: where its bearer token comes from and what a refusal does to
 * its session. The site's and the console's share everything else (`createApiClient`).
 */
export interface ApiClientConfig {
  /** The token to send, read at each call; null sends none. */
  readToken: () => string | null;
  /** Runs before a refusal is thrown, e.g. to end the session on a 401. */
  onRefusal?: (refusal: Refusal) => void;
  /**
   * Given (the contract's `AWAITING_APPROVAL`), an HTTP 202 with this status is an answer, a
   * four-eyes act waiting for a second operator (docs/operators.md), not a refusal. Passed in, not
   * imported, so the player's first page carries none of the operators' roles module.
   */
  awaitingApprovalStatus?: typeof AWAITING_APPROVAL;
}

export interface ApiClient {
  /** Calls one endpoint of the shared contract at `/api/{path}`: a GET's body as its query, else JSON. */
  call<E extends Endpoint>(endpoint: E, body: RequestOf<E>, options?: CallOptions): Promise<ApiResult<E>>;
  /** Calls a multipart endpoint (an upload) with a FormData body; the browser writes the boundary. */
  callForm<E extends Endpoint>(endpoint: E, form: FormData, options?: CallOptions): Promise<ApiResult<E>>;
}

/**
 * The one request core of the web app: the bearer token and Idempotency-Key headers, the JSON
 * envelope, a refusal (`{status:false, message, code}`, or no answer at all) thrown as an
 * `ApiError` in the reader's language. Aborting is the caller's (`signal`: TanStack Query's).
 */
export function createApiClient(config: ApiClientConfig): ApiClient {
  function headersFor(options: CallOptions): { headers: Record<string, string>; hadToken: boolean } {
    const token = config.readToken();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    return { headers, hadToken: Boolean(token) };
  }

  async function send<E extends Endpoint>(url: string, init: RequestInit, hadToken: boolean): Promise<ApiResult<E>> {
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch {
      throw new ApiError(i18next.t('common.networkError'), 'NETWORK', 0);
    }
    const payload = (await response.json().catch(() => null)) as
      | { status: true; message: string; data: DataOf<E> }
      | { status: typeof AWAITING_APPROVAL; message: string; request_id: number; data: AwaitingApproval }
      | { status: false; message: string; code: ErrorCode; data?: unknown }
      | null;
    if (response.ok && payload?.status === true) return { data: payload.data, message: payload.message };
    const awaitingStatus = config.awaitingApprovalStatus;
    if (response.status === 202 && awaitingStatus && payload?.status === awaitingStatus) {
      // Nothing was done yet: the caller reads `awaiting` (callConsoleFourEyes).
      return { data: payload.data as DataOf<E>, message: payload.message, awaiting: payload.data };
    }

    const code: ErrorCode = payload && payload.status === false ? payload.code : 'INTERNAL';
    config.onRefusal?.({ status: response.status, code, hadToken });
    const serverMessage = payload?.message ?? '';
    const data = payload && payload.status === false ? payload.data : undefined;
    throw new ApiError(refusalMessage(code, serverMessage, data), code, response.status, {
      serverMessage,
      retryAfterSeconds: retryAfterOf(payload, response),
      data,
    });
  }

  return {
    async call(endpoint, body, options = {}) {
      const { headers, hadToken } = headersFor(options);
      let url = `/api/${endpoint.path}`;
      const init: RequestInit = { method: endpoint.method, headers, ...(options.signal ? { signal: options.signal } : {}) };
      if (endpoint.method === 'GET') {
        const query = new URLSearchParams(body as Record<string, string>).toString();
        if (query) url += `?${query}`;
      } else {
        headers['content-type'] = 'application/json';
        init.body = JSON.stringify(body ?? {});
      }
      return send(url, init, hadToken);
    },
    async callForm(endpoint, form, options = {}) {
      const { headers, hadToken } = headersFor(options);
      const init: RequestInit = { method: 'POST', headers, body: form, ...(options.signal ? { signal: options.signal } : {}) };
      return send(`/api/${endpoint.path}`, init, hadToken);
    },
  };
}

type SessionEndedListener = (code: ErrorCode) => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** 401 and 403 mean the session is gone: listeners log the user out (docs/product.md §4). */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** The player's client: the token of local storage; a 401 or 403 ends the player's session. */
const playerClient = createApiClient({
  readToken: () => localStorage.getItem(storageKeys.token),
  onRefusal: ({ status, code }) => {
    if (status === 401 || status === 403) for (const listener of sessionEndedListeners) listener(code);
  },
});

/** Calls one endpoint of the shared contract at `/api/{path}` with the player's bearer token. */
export const callApi: ApiClient['call'] = (endpoint, body, options) => playerClient.call(endpoint, body, options);

/**
 * Calls a multipart endpoint of the contract (an upload, e.g. kyc/submit) with a FormData body.
 * Refusals and session ends are handled as `callApi` does.
 */
export const callApiForm: ApiClient['callForm'] = (endpoint, form, options) => playerClient.callForm(endpoint, form, options);
