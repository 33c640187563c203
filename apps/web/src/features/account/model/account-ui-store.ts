import { useSyncExternalStore } from 'react';
import type { ErrorCode } from '@app/shared';

/** The account modals a guest or player can open; one at a time. */
export type AccountModal = 'login' | 'register' | 'forgotPassword' | 'changePassword';

export interface AccountUiState {
  modal: AccountModal | null;
  /** Referral code to fill in when registration opens from /home?referance={code}. */
  referralCode: string;
  /** Why the session ended, while the alert is showing. */
  sessionEndedCode: ErrorCode | null;
  /** Where a guest was going when a guarded page asked for a login; the login continues there. */
  returnTo: string | null;
}

let state: AccountUiState = { modal: null, referralCode: '', sessionEndedCode: null, returnTo: null };
const listeners = new Set<() => void>();

function update(changes: Partial<AccountUiState>): void {
  state = { ...state, ...changes };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A tiny store (no context needed) so the shell and the header can open account modals. */
export const accountUi = {
  get: () => state,
  open: (modal: AccountModal, referralCode = '') => update({ modal, referralCode }),
  /** The login modal, remembering the guarded page to continue to after the login. */
  openLoginFor: (returnTo: string) => update({ modal: 'login', referralCode: '', returnTo }),
  // Closing the account dialogs gives up the guarded page the guest was going to.
  close: () => update({ modal: null, referralCode: '', returnTo: null }),
  showSessionEnded: (code: ErrorCode) => update({ modal: null, sessionEndedCode: code }),
  dismissSessionEnded: () => update({ sessionEndedCode: null }),
};

export function useAccountUi(): AccountUiState {
  return useSyncExternalStore(subscribe, accountUi.get, accountUi.get);
}
