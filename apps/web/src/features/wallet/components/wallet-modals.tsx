import { walletUi, useWalletModal } from '../model/wallet-ui-store';
import { ButtonValuesModal } from './button-values-modal';
import '../wallet.css';

/** The wallet's modals, mounted once by each layout. */
export function WalletModals() {
  const modal = useWalletModal();
  return <ButtonValuesModal isOpen={modal === 'buttonValues'} onClose={walletUi.close} />;
}
