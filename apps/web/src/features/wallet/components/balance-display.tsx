import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSettingsOrDefaults } from '@/lib/global-settings';
import { canUsePayments, useSession } from '@/lib/session';
import { refreshBalance, storedExposure, useBalance } from '../api/balance';
import { formatRupees } from '../model/money-format';
import '../wallet.css';

/**
 * Balance and exposure in the header, polled every 5 s while logged in. Any successful mutation
 * (a bet, a deposit, a bonus wallet switch ...) asks for a fresh balance at once. A player who can
 * deposit (real money, payments on: canUsePayments) has a Deposit button beside it, and the
 * balance itself leads to the deposit page too (docs/shell.md "Money at hand").
 */
export function BalanceDisplay() {
  const { t } = useTranslation();
  const session = useSession();
  const settings = useSettingsOrDefaults();
  const queryClient = useQueryClient();
  const balance = useBalance(Boolean(session));

  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') void refreshBalance(queryClient);
      }),
    [queryClient],
  );

  if (!session) return null;
  const data = balance.data;
  const exposure = data?.exposure ?? storedExposure();
  const money = (amount: number | undefined) => (amount === undefined ? '—' : formatRupees(amount));
  // The last poll failed (server unreachable): the figures may be out of date, so say so.
  const isStale = balance.isError;
  const isDemo = session.user.is_demo === '1';
  const hasExposure = exposure !== undefined && exposure !== 0;
  const canDeposit = canUsePayments(session.user, settings.payment_gateway);
  const figures = (
    <div
      className="wallet-balance"
      data-testid="balance-display"
      data-stale={isStale || undefined}
      data-demo={isDemo || undefined}
      aria-busy={balance.isPending || undefined}
      title={
        isStale
          ? t('site.balance.staleHint')
          : data && data.bonus_amount > 0
            ? `${t('wallet.balance.bonus')}: ${money(data.bonus_amount)}`
            : undefined
      }
    >
      <p className="wallet-balance__line">
        <span className="wallet-balance__label">
          {/* Play money must never pass for cash. */}
          {isDemo ? t('site.balance.demo') : t('wallet.balance.balance')}
        </span>
        <span className="wallet-balance__value" data-testid="balance-free-chip">
          {money(data?.free_chip)}
        </span>
      </p>
      <p className="wallet-balance__line wallet-balance__line--exposure">
        <span className="wallet-balance__label">{t('wallet.balance.exposure')}</span>
        <span className="wallet-balance__value" data-testid="balance-exposure" data-owing={hasExposure || undefined}>
          {money(exposure)}
        </span>
      </p>
      {isStale && (
        <p className="wallet-balance__stale" role="status" data-testid="balance-stale">
          {t('site.balance.stale')}
        </p>
      )}
    </div>
  );
  if (!canDeposit) return figures;
  return (
    <div className="wallet-balance-area">
      <Link
        to={paths.deposit}
        className="wallet-balance-link"
        aria-label={t('wallet.balance.depositFrom', { amount: money(data?.free_chip) })}
      >
        {figures}
      </Link>
      <Link to={paths.deposit} className="wallet-deposit" data-testid="header-deposit">
        <span aria-hidden="true" className="wallet-deposit__plus">
          +
        </span>
        <span className="wallet-deposit__label">{t('wallet.balance.deposit')}</span>
      </Link>
    </div>
  );
}
