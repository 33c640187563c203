import { type BetRow, latinDigitsLocale } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { translateMarketName } from '@/lib/market-name';
import type { DataColumn } from '@/components/ui';
import { formatAmount } from '@app/shared';
import { betPrice, formatProfitLoss } from '../model/bet-format';

/** The columns both bet reports share: when, what, which side, at what price, how much. */
export function useBetColumns(): DataColumn<BetRow>[] {
  const { t, i18n } = useTranslation();
  const dateFormat = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return [
    { key: 'placed', header: t('bets.columns.placed'), render: (row) => dateFormat.format(new Date(row.placed_at)) },
    {
      key: 'market',
      header: t('bets.columns.market'),
      render: (row) => (
        <span className="bets-market">
          <span className="bets-market__match">{row.match_name}</span>
          <span className="bets-market__name">{translateMarketName(t, row.market_name)}</span>
        </span>
      ),
    },
    {
      key: 'selection',
      header: t('bets.columns.selection'),
      render: (row) => (
        <>
          {row.selection_name}
          {row.is_cash_out === 1 && (
            <span className="bets-tag" data-testid="cash-out-tag">
              {t('bets.cashOutTag')}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'side',
      header: t('bets.columns.side'),
      render: (row) => (
        <span className={`bets-side bets-side--${row.is_back ? 'back' : 'lay'}`}>
          {t(
            row.bet_type === 'F'
              ? row.is_back
                ? 'bets.side.yes'
                : 'bets.side.no'
              : row.is_back
                ? 'bets.side.back'
                : 'bets.side.lay',
          )}
        </span>
      ),
    },
    { key: 'odds', header: t('bets.columns.odds'), align: 'end', render: (row) => betPrice(row) },
    { key: 'stake', header: t('bets.columns.stake'), align: 'end', render: (row) => formatAmount(row.stack) },
  ];
}

export function useProfitLossColumn(): DataColumn<BetRow> {
  const { t } = useTranslation();
  return {
    key: 'profitLoss',
    header: t('bets.columns.profitLoss'),
    align: 'end',
    render: (row) => (
      <span className={`bets-pl bets-pl--${(row.profit_loss ?? 0) >= 0 ? 'up' : 'down'}`}>
        {formatProfitLoss(row.profit_loss ?? 0)}
      </span>
    ),
  };
}
