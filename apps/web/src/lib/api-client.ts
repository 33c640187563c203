import { type DataOf, type Endpoint, type ErrorCode, formatMoment, formatRupees, type RequestOf } from '@app/shared';
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

type SessionEndedListener = (code: ErrorCode) => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** 401 and 403 mean the session is gone: listeners log the user out (docs/product.md §4). */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

export interface CallOptions {
  /** Money-moving calls send one so a retry applies once. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface ApiResult<E extends Endpoint> {
  data: DataOf<E>;
  message: string;
}

/** Calls one endpoint of the shared contract at `/api/{path}` with the stored bearer token. */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  body: RequestOf<E>,
  options: CallOptions = {},
): Promise<ApiResult<E>> {
  const token = localStorage.getItem(storageKeys.token);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let url = `/api/${endpoint.path}`;
  const init: RequestInit = { method: endpoint.method, headers, ...(options.signal ? { signal: options.signal } : {}) };
  if (endpoint.method === 'GET') {
    const query = new URLSearchParams(body as Record<string, string>).toString();
    if (query) url += `?${query}`;
  } else {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body ?? {});
  }

  return send<E>(url, init);
}

/**
 * Calls a multipart endpoint of the contract (an upload, e.g. kyc/submit) with a FormData body;
 * the browser writes the boundary. Refusals and session ends are handled as `callApi` does.
 */
export async function callApiForm<E extends Endpoint>(
  endpoint: E,
  form: FormData,
  options: CallOptions = {},
): Promise<ApiResult<E>> {
  const token = localStorage.getItem(storageKeys.token);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  return send<E>(`/api/${endpoint.path}`, {
    method: 'POST',
    headers,
    body: form,
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

async function send<E extends Endpoint>(url: string, init: RequestInit): Promise<ApiResult<E>> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiError(i18next.t('common.networkError'), 'NETWORK', 0);
  }
  const payload = (await response.json().catch(() => null)) as
    | { status: true; message: string; data: DataOf<E> }
    | { status: false; message: string; code: ErrorCode; data?: unknown }
    | null;
  if (response.ok && payload?.status === true) return { data: payload.data, message: payload.message };

  const code: ErrorCode = payload && payload.status === false ? payload.code : 'INTERNAL';
  if (response.status === 401 || response.status === 403) {
    for (const listener of sessionEndedListeners) listener(code);
  }
  const serverMessage = payload?.message ?? '';
  const data = payload && payload.status === false ? payload.data : undefined;
  throw new ApiError(refusalMessage(code, serverMessage, data), code, response.status, {
    serverMessage,
    retryAfterSeconds: retryAfterOf(payload, response),
    data,
  });
}
