import { useSyncExternalStore } from 'react';
import { readJson, storageKeys, writeJson } from './storage';

/** The user record the site keeps after login (docs/product.md §3 "User info"). */
export interface StoredUser {
  user_name: string;
  user_id: number;
  user_type_id: number;
  /** -1 marks a sub account. */
  parent_id: number | null;
  is_signup_user: '0' | '1';
  is_change_password: '0' | '1';
  chat_url?: string;
  /** '1' for a demo (play-money) account. */
  is_demo?: '0' | '1';
  /**
   * The login answered a restricted session: a time-out or self-exclusion is running, and the
   * player may only see the balance and statements and withdraw (docs/responsible-play.md).
   */
  restricted?: boolean;
}

export interface Session {
  user: StoredUser;
  token: string;
}

const listeners = new Set<() => void>();
let snapshot: Session | null | undefined;

/** Logged in means a token and a stored user both exist; otherwise session storage is cleared (docs/product.md §4). */
function readStoredSession(): Session | null {
  const token = localStorage.getItem(storageKeys.token);
  const user = readJson<StoredUser>(localStorage, storageKeys.userInfo);
  if (token && user) return { token, user };
  sessionStorage.clear();
  return null;
}

export function getSession(): Session | null {
  if (snapshot === undefined) snapshot = readStoredSession();
  return snapshot;
}

function notify(): void {
  snapshot = readStoredSession();
  for (const listener of listeners) listener();
}

/** Stores what login answers and flags the welcome popup (docs/product.md §4). */
export function storeLogin(user: StoredUser, token: string): void {
  writeJson(localStorage, storageKeys.userInfo, user);
  localStorage.setItem(storageKeys.token, token);
  localStorage.setItem(storageKeys.userId, String(user.user_id));
  localStorage.setItem(storageKeys.isLoggedIn, 'true');
  localStorage.setItem(storageKeys.welcomePopup, 'true');
  notify();
}

export function updateStoredUser(changes: Partial<StoredUser>): void {
  const session = getSession();
  if (!session) return;
  writeJson(localStorage, storageKeys.userInfo, { ...session.user, ...changes });
  notify();
}

/** Forgets the session: user info, token, user id, logged-in flag, welcome flag and the exposure balance. */
export function clearSession(): void {
  localStorage.removeItem(storageKeys.userInfo);
  localStorage.removeItem(storageKeys.token);
  localStorage.removeItem(storageKeys.userId);
  localStorage.removeItem(storageKeys.isLoggedIn);
  sessionStorage.removeItem(storageKeys.exposure);
  // The welcome banner greets a login; once logged out there is nobody to greet.
  localStorage.removeItem(storageKeys.welcomePopup);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

/** A session that may only look and withdraw while a pause runs (docs/responsible-play.md). */
export function isRestrictedSession(user: StoredUser): boolean {
  return user.restricted === true;
}

export function isSubAccount(user: StoredUser): boolean {
  return user.parent_id === -1;
}

/** The `payment_gateway` values that turn deposits and withdrawals on (docs/product.md §3). */
const PAYMENT_GATEWAYS_ON = ['1', '2', '3'];

/**
 * The wallet menu and its pages (docs/product.md §2, §6): sign-up players while the operator has a gateway
 * on; never a demo or a sub account (the server refuses them too; docs/payments.md).
 */
export function canUsePayments(user: StoredUser, paymentGateway: string): boolean {
  return (
    user.is_signup_user === '1' && user.is_demo !== '1' && !isSubAccount(user) && PAYMENT_GATEWAYS_ON.includes(paymentGateway)
  );
}
