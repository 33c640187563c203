import { useSyncExternalStore } from 'react';

/** Which wallet modal is open; the menu opens it, WalletModals renders it. */
export type WalletModal = 'buttonValues' | null;

let current: WalletModal = null;
const listeners = new Set<() => void>();

export const walletUi = {
  open(modal: Exclude<WalletModal, null>): void {
    current = modal;
    for (const listener of listeners) listener();
  },
  close(): void {
    current = null;
    for (const listener of listeners) listener();
  },
};

export function useWalletModal(): WalletModal {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
