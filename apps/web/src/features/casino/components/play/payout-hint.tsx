import { formatNumber } from '@app/shared';
import { useTranslation } from 'react-i18next';

/**
 * What the bet pays and how likely it wins, from the same functions that settle it
 * (docs/casino.md, "Payout before the bet"). `multiplier` is ×10 000 as the rounds record it.
 */
export function PayoutHint({ multiplier, chance }: { multiplier: number; chance: number }) {
  const { t } = useTranslation();
  return (
    <p className="casino-payout" data-testid="payout-hint" aria-live="polite">
      {t('slots.payout.multiplier', { multiplier: formatNumber(multiplier / 10_000) })} ·{' '}
      {t('slots.payout.chance', { chance: formatNumber(Math.round(chance * 10_000) / 100) })}
    </p>
  );
}
