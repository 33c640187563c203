import type { LoggedInUser } from '@app/shared';
import { paths } from '@/config/paths';
import { type StoredUser, clearSession, storeLogin } from '@/lib/session';
import { accountUi } from './account-ui-store';
import { markLeaving } from './planned-logout';

/** What the site keeps of a login answer: docs/product.md §3 user info plus is_demo (the token is stored apart). */
export type StoredAccountUser = StoredUser & { is_demo?: '0' | '1' };

/**
 * Login, demo login and sign-up success: store user and token, flag the welcome popup, reload
 * (docs/product.md §4) — at the guarded page the guest was going to, when a guard asked for this login.
 */
export function completeLogin(data: LoggedInUser): void {
  const { token, ...fields } = data;
  const user: StoredAccountUser = {
    user_name: fields.user_name,
    user_id: fields.user_id,
    user_type_id: fields.user_type_id,
    parent_id: fields.parent_id,
    is_signup_user: fields.is_signup_user,
    is_change_password: fields.is_change_password,
    chat_url: fields.chat_url,
    is_demo: fields.is_demo,
    // A pause is running: the site shows what the session may do (docs/responsible-play.md).
    restricted: fields.restricted,
  };
  storeLogin(user, token);
  const { returnTo } = accountUi.get();
  if (returnTo) window.location.assign(returnTo);
  else window.location.reload();
}

/** Logout (docs/product.md §4): forget the stored user and token and reload at /home. */
export function leaveToHome(): void {
  markLeaving();
  clearSession();
  window.location.assign(paths.home);
}

export function isDemoUser(user: StoredUser): boolean {
  return (user as StoredAccountUser).is_demo === '1';
}
