import { useTranslation } from 'react-i18next';
import { useFlash } from '../model/use-flash';

export interface PriceButtonProps {
  side: 'back' | 'lay';
  /** What the player sees big (odds or runs) and small (size); null: nothing on offer. */
  main: string | null;
  sub?: string;
  /** The number whose change flashes the button. */
  value: number | null;
  /** For screen readers: who or what the price is for. */
  label: string;
  isSelected?: boolean;
  onClick?: () => void;
  /** data-testid for journeys and the bench. */
  testId?: string;
}

/** One price: back (blue) or lay (pink); flashes when it moves; pressed when selected. */
export function PriceButton({ side, main, sub, value, label, isSelected, onClick, testId }: PriceButtonProps) {
  const { t } = useTranslation();
  const flash = useFlash(value);
  if (main === null) {
    return (
      <span className={`price price--${side} price--empty`} aria-label={t('sports.notOffered')} data-testid={testId}>
        –
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`price price--${side}`}
      data-flash={flash}
      data-testid={testId}
      aria-pressed={isSelected ?? false}
      aria-label={t('sports.priceLabel', { side: t(`sports.${side}`), name: label, price: main, size: sub ?? '' })}
      onClick={onClick}
    >
      <span className="price__main">{main}</span>
      {sub !== undefined && <span className="price__sub">{sub}</span>}
    </button>
  );
}
