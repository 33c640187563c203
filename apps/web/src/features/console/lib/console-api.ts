import { ApiError, type ApiResult, type CallOptions, createApiClient } from '@/lib/api-client';
import { toast } from '@/components/ui';
import { AWAITING_APPROVAL, type AwaitingApproval, type DataOf, type Endpoint, type RequestOf } from '@app/shared';
import i18next from 'i18next';
import { clearConsoleSession, getConsoleSession } from './console-session';

export type ConsoleResult<E extends Endpoint> = ApiResult<E>;

/**
 * The site's request core (`lib/api-client.ts`) with the operator's token (never the player's).
 * A 401 ends the console session only (the player's session in this browser, if any, stays); a
 * 403 FORBIDDEN says the role may not do this, in a toast, and keeps the operator logged in.
 */
const consoleClient = createApiClient({
  readToken: () => getConsoleSession()?.token ?? null,
  onRefusal: ({ status, hadToken }) => {
    if (status === 401 && hadToken) {
      clearConsoleSession(i18next.t('admin:login.sessionEnded'));
    } else if (status === 403) {
      toast.error(i18next.t('admin:common.forbidden'));
    }
  },
  awaitingApprovalStatus: AWAITING_APPROVAL,
});

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
  return result.awaiting
    ? { isAwaiting: true, awaiting: result.awaiting, message: result.message }
    : { isAwaiting: false, data: result.data, message: result.message };
}

/** Calls one `admin/*` endpoint of the shared contract with the operator's token. */
export function callConsole<E extends Endpoint>(
  endpoint: E,
  body: RequestOf<E>,
  options: CallOptions = {},
): Promise<ConsoleResult<E>> {
  return consoleClient.call(endpoint, body, options);
}

/** A multipart call (an image upload) with the operator's token. */
export function callConsoleForm<E extends Endpoint>(endpoint: E, form: FormData): Promise<ConsoleResult<E>> {
  return consoleClient.callForm(endpoint, form);
}

/** Shows a failed console action's message in a toast (a 403 already showed its own). */
export function toastConsoleError(error: unknown): void {
  if (error instanceof ApiError && error.status === 403) return;
  toast.error(error instanceof Error ? error.message : i18next.t('common.unexpectedError'));
}
