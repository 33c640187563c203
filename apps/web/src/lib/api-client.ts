import type { DataOf, Endpoint, ErrorCode, RequestOf } from '@app/shared';
import i18next from 'i18next';
import { storageKeys } from './storage';

/** A refusal from the API, carrying the server's message for the toast. */
export class ApiError extends Error {
  readonly code: ErrorCode | 'NETWORK';
  readonly status: number;

  constructor(message: string, code: ErrorCode | 'NETWORK', status: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

type SessionEndedListener = (code: ErrorCode) => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** 401 and 403 mean the session is gone: listeners log the user out (spec §4). */
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

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiError(i18next.t('common.networkError'), 'NETWORK', 0);
  }
  const payload = (await response.json().catch(() => null)) as
    { status: true; message: string; data: DataOf<E> } | { status: false; message: string; code: ErrorCode } | null;
  if (response.ok && payload?.status === true) return { data: payload.data, message: payload.message };

  const code: ErrorCode = payload && payload.status === false ? payload.code : 'INTERNAL';
  if (response.status === 401 || response.status === 403) {
    for (const listener of sessionEndedListeners) listener(code);
  }
  // The server's own message when it sent one; otherwise ours, in the player's language.
  const message = payload?.message || i18next.t('common.unexpectedError');
  throw new ApiError(message, code, response.status);
}
