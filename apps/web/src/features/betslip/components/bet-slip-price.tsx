import type { BetSelection } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type BetSlipState, canStepOdds } from '../model/bet-slip-state';
import type { BetSlipStore } from '../model/bet-slip-store';

interface BetSlipPriceProps {
  store: BetSlipStore;
  state: BetSlipState;
  selection: BetSelection;
}

/** Match odds with the 0.02 stepper; bookmaker odds and a fancy's run and size as offered (fixed). */
export function BetSlipPrice({ store, state, selection }: BetSlipPriceProps) {
  const { t } = useTranslation();
  const labelId = useId();
  if (state.kind === 'fancy') {
    return (
      <div className="betslip__field">
        <span className="betslip__label" id={labelId}>
          {t('betslip.runAndSize')}
        </span>
        <p className="betslip__fixed" data-testid="bet-slip-odds">
          {selection.run ?? '—'} / {state.odds ?? '—'}
        </p>
      </div>
    );
  }
  if (state.kind !== 'match_odds') {
    return (
      <div className="betslip__field">
        <span className="betslip__label" id={labelId}>
          {t('betslip.odds')}
        </span>
        <p className="betslip__fixed" data-testid="bet-slip-odds">
          {state.odds ?? '—'}
        </p>
      </div>
    );
  }
  const odds = state.odds === null ? '—' : (state.odds / 100).toFixed(2);
  return (
    <div className="betslip__field">
      <span className="betslip__label" id={labelId}>
        {t('betslip.odds')}
      </span>
      <div className="betslip__stepper" role="group" aria-labelledby={labelId}>
        <button
          type="button"
          className="betslip__step"
          disabled={!canStepOdds(state, -1)}
          onClick={() => store.dispatch({ type: 'oddsStepped', direction: -1 })}
          aria-label={t('betslip.decreaseOdds')}
        >
          <span aria-hidden="true">−</span>
        </button>
        {/* Announced after each step, so a screen-reader user hears the new price. */}
        <output className="betslip__odds" aria-live="polite" data-testid="bet-slip-odds">
          {odds}
        </output>
        <button
          type="button"
          className="betslip__step"
          disabled={!canStepOdds(state, 1)}
          onClick={() => store.dispatch({ type: 'oddsStepped', direction: 1 })}
          aria-label={t('betslip.increaseOdds')}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
