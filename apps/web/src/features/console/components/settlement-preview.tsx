import { adminSettlementPreview } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui';
import { useConsoleQuery } from '../api/use-console-query';
import { rupees } from '../model/format';
import { MoneyFacts } from './action-dialog';

export type SettlementAct = 'void' | 'resettle';

/**
 * What a void or a re-settlement will move, read before the operator confirms it
 * (`admin/settlementPreview`): how many bets of how many players, the money held for the open
 * ones, and the settled result that is undone (docs/operators.md, "Money acts").
 */
export function SettlementPreview({ target, act }: { target: { market_id: string } | { fancy_id: number }; act: SettlementAct }) {
  const { t } = useTranslation('admin');
  const preview = useConsoleQuery(adminSettlementPreview, target);
  // Never the last target's figures while this one's load: the operator confirms on them.
  if (!preview.data || preview.isPlaceholderData)
    return preview.error ? <p className="console-alert">{preview.error.message}</p> : <Spinner />;
  const data = preview.data;
  const isNothing = data.open_bets === 0 && data.settled_bets === 0;
  const effects = isNothing
    ? [t('sports.preview.nothing')]
    : [
        ...(act === 'void' && data.open_bets > 0
          ? [t('sports.preview.voidOpen', { count: data.open_bets, held: rupees(data.open_held) })]
          : []),
        ...(data.settled_bets > 0
          ? [
              t(act === 'void' ? 'sports.preview.voidSettled' : 'sports.preview.resettleSettled', {
                count: data.settled_bets,
                amount: rupees(data.settled_profit_loss),
              }),
            ]
          : []),
      ];
  return (
    <MoneyFacts
      facts={[
        { label: t('sports.preview.players'), value: data.players },
        { label: t('sports.preview.openBets'), value: data.open_bets },
        { label: t('sports.preview.openStake'), value: rupees(data.open_stake) },
        { label: t('sports.preview.openHeld'), value: rupees(data.open_held) },
        { label: t('sports.preview.settledBets'), value: data.settled_bets },
        { label: t('sports.preview.settledResult'), value: rupees(data.settled_profit_loss) },
      ]}
      effect={effects.join(' ')}
    />
  );
}
