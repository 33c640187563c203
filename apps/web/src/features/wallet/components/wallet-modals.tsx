import { lazy, Suspense } from 'react';
import { walletUi, useWalletModal } from '../model/wallet-ui-store';
import '../wallet.css';

// Loaded when first opened, so the first page does not pay for it (docs/shell.md "Speed").
const ButtonValuesModal = lazy(() => import('./button-values-modal').then((m) => ({ default: m.ButtonValuesModal })));

/** The wallet's modals, mounted once by each layout; each renders only while open. */
export function WalletModals() {
  const modal = useWalletModal();
  if (modal !== 'buttonValues') return null;
  return (
    <Suspense fallback={null}>
      <ButtonValuesModal isOpen onClose={walletUi.close} />
    </Suspense>
  );
}
