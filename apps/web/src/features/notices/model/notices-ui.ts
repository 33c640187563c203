import { useSyncExternalStore } from 'react';

/**
 * Whether the notices list is open, and which notices were unread when it opened (they stay
 * marked "New" while it is open, though opening it marks them read). A tiny store, so the bell,
 * the banner and the menu entry open one list mounted once.
 */
export interface NoticesUiState {
  openedUnread: ReadonlySet<number> | null;
}

let state: NoticesUiState = { openedUnread: null };
const listeners = new Set<() => void>();

function update(next: NoticesUiState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const noticesUi = {
  get: () => state,
  open: (unreadIds: readonly number[]) => update({ openedUnread: new Set(unreadIds) }),
  close: () => update({ openedUnread: null }),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useNoticesUi(): NoticesUiState {
  return useSyncExternalStore(noticesUi.subscribe, noticesUi.get, noticesUi.get);
}
