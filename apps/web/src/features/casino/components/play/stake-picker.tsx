import { formatWholeRupees } from '@app/shared';
import { useTranslation } from 'react-i18next';

/** The stake: the player's Casino buttons (docs/product.md §9) and a field to type any amount. */
export function StakePicker({ stakes, value, onChange }: { stakes: number[]; value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="casino-stake" data-testid="game-stake">
      <legend>{t('casino.stake')}</legend>
      <div className="casino-stake__buttons">
        {stakes.map((stake) => (
          <button key={stake} type="button" aria-pressed={value === stake} onClick={() => onChange(stake)}>
            {formatWholeRupees(stake)}
          </button>
        ))}
      </div>
      <label className="casino-field">
        <span className="visually-hidden">{t('casino.stakeAmount')}</span>
        <input
          type="number"
          inputMode="decimal"
          min={1}
          step={1}
          value={Number.isFinite(value) ? value : ''}
          onChange={(event) => onChange(Number(event.target.value))}
          aria-label={t('casino.stakeAmount')}
        />
      </label>
    </fieldset>
  );
}
