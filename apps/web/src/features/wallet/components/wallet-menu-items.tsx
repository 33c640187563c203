import { ACTIVE_WALLET, type ActiveWallet } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui';
import { isSubAccount, useSession } from '@/lib/session';
import { useBalanceSnapshot } from '../api/balance';
import { useUpdateWalletStatus } from '../api/wallet-calls';
import { formatRupees } from '../model/money-format';
import { walletUi } from '../model/wallet-ui-store';
import '../wallet.css';

const CHOICES: { status: ActiveWallet; labelKey: string }[] = [
  { status: ACTIVE_WALLET.split, labelKey: 'wallet.menu.split' },
  { status: ACTIVE_WALLET.wager, labelKey: 'wallet.menu.wager' },
  { status: ACTIVE_WALLET.none, labelKey: 'wallet.menu.none' },
];

/**
 * The user-menu entries of the wallet: the bonus wallet choice (not for sub accounts; a click on
 * a wallet holding no bonus is ignored; the page reloads on success, docs/product.md §4) and "Set button values".
 */
export function WalletMenuItems() {
  const { t } = useTranslation();
  const session = useSession();
  const balance = useBalanceSnapshot(Boolean(session));
  const updateStatus = useUpdateWalletStatus();
  const headingId = useId();
  if (!session) return null;

  const amountOf = (status: ActiveWallet) =>
    status === ACTIVE_WALLET.split
      ? balance.data?.split_bonus
      : status === ACTIVE_WALLET.wager
        ? balance.data?.wagger_bonus
        : undefined;

  function choose(status: ActiveWallet) {
    if (updateStatus.isPending || !balance.data || balance.data.active_wallet === status) return;
    const amount = amountOf(status);
    if (amount !== undefined && amount <= 0) return;
    updateStatus.mutate(
      { status, idempotencyKey: crypto.randomUUID() },
      {
        onSuccess: () => window.location.reload(),
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <div className="wallet-menu">
      {!isSubAccount(session.user) && (
        <section aria-labelledby={headingId}>
          <h3 id={headingId} className="wallet-menu__heading">
            {t('wallet.menu.bonusWallet')}
          </h3>
          <ul className="wallet-menu__list">
            {CHOICES.map(({ status, labelKey }) => {
              const amount = amountOf(status);
              const isEmpty = amount !== undefined && amount <= 0;
              const isActive = balance.data?.active_wallet === status;
              return (
                <li key={status}>
                  <button
                    type="button"
                    className="wallet-menu__item wallet-menu__choice"
                    aria-pressed={isActive}
                    aria-disabled={isEmpty || undefined}
                    data-testid={`bonus-wallet-${status}`}
                    onClick={() => choose(status)}
                  >
                    <span className="wallet-menu__mark" aria-hidden="true" />
                    <span className="wallet-menu__label">{t(labelKey)}</span>
                    {amount !== undefined && <span className="wallet-menu__amount">{formatRupees(amount)}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <button type="button" className="wallet-menu__item" onClick={() => walletUi.open('buttonValues')}>
        {t('wallet.menu.setButtonValues')}
      </button>
    </div>
  );
}
