import { ApiError, refusalMessage } from '@/lib/api-client';
import { toast } from '@/components/ui';
import {
  AWAITING_APPROVAL,
  type AwaitingApproval,
  type DataOf,
  type Endpoint,
  type ErrorCode,
  type RequestOf,
} from '@app/shared';
import i18next from 'i18next';
import { clearConsoleSession, getConsoleSession } from './console-session';

export interface ConsoleResult<E extends Endpoint> {
  data: DataOf<E>;
  message: string;
}

/**
 * What a four-eyes act answers: done (the endpoint's data), or waiting for a second operator
 * (HTTP 202 `awaiting_approval` with the request's id; docs/operators.md).
 */
export type MaybeAwaiting<E extends Endpoint> =
  { isAwaiting: false; data: DataOf<E>; message: string } | { isAwaiting: true; awaiting: AwaitingApproval; message: string };

/** A call that may wait for a second operator's approval (walletAdjust, approveWithdraw). */
export async function callConsoleFourEyes<E extends Endpoint>(
  endpoint: E,
  body: RequestOf<E>,
  options: CallOptions = {},
): Promise<MaybeAwaiting<E>> {
  const result = await callConsole(endpoint, body, options);
  const awaiting = (result as { awaiting?: AwaitingApproval }).awaiting;
  return awaiting
    ? { isAwaiting: true, awaiting, message: result.message }
    : { isAwaiting: false, data: result.data, message: result.message };
}

interface CallOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/**
 * Calls one `admin/*` endpoint of the shared contract with the operator's token (never the
 * player's). A 401 ends the console session only (the player's session in this browser, if any,
 * stays); a 403 FORBIDDEN says the role may not do this, in a toast, and keeps the operator
 * logged in.
 */
export async function callConsole<E extends Endpoint>(
  endpoint: E,
  body: RequestOf<E>,
  options: CallOptions = {},
): Promise<ConsoleResult<E>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const session = getConsoleSession();
  if (session) headers.authorization = `Bearer ${session.token}`;
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
  return send<E>(url, init, Boolean(session));
}

/** A multipart call (an image upload) with the operator's token. */
export async function callConsoleForm<E extends Endpoint>(endpoint: E, form: FormData): Promise<ConsoleResult<E>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const session = getConsoleSession();
  if (session) headers.authorization = `Bearer ${session.token}`;
  return send<E>(`/api/${endpoint.path}`, { method: 'POST', headers, body: form }, Boolean(session));
}

/** A public call of the site's contract (the settings), sent without any token. */
export async function callPublic<E extends Endpoint>(endpoint: E, body: RequestOf<E>): Promise<ConsoleResult<E>> {
  let url = `/api/${endpoint.path}`;
  if (endpoint.method === 'GET') {
    const query = new URLSearchParams(body as Record<string, string>).toString();
    if (query) url += `?${query}`;
    return send<E>(url, { method: 'GET', headers: { accept: 'application/json' } }, false);
  }
  return send<E>(
    url,
    {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    },
    false,
  );
}

async function send<E extends Endpoint>(url: string, init: RequestInit, hadSession: boolean): Promise<ConsoleResult<E>> {
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
  if (response.status === 202 && payload?.status === AWAITING_APPROVAL) {
    // Read by callConsoleFourEyes; nothing was done yet.
    return { data: payload.data as DataOf<E>, message: payload.message, awaiting: payload.data } as ConsoleResult<E>;
  }

  const code: ErrorCode = payload && payload.status === false ? payload.code : 'INTERNAL';
  const serverMessage = payload?.message ?? '';
  const message = refusalMessage(code, serverMessage);
  if (response.status === 401 && hadSession) {
    clearConsoleSession(i18next.t('admin:login.sessionEnded'));
  } else if (response.status === 403) {
    toast.error(i18next.t('admin:common.forbidden'));
  }
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  throw new ApiError(message, code, response.status, {
    serverMessage,
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : null,
    data: payload && payload.status === false ? payload.data : undefined,
  });
}

/** Shows a failed console action's message in a toast (a 403 already showed its own). */
export function toastConsoleError(error: unknown): void {
  if (error instanceof ApiError && error.status === 403) return;
  toast.error(error instanceof Error ? error.message : i18next.t('common.unexpectedError'));
}
