import type { BetSelection, StakeButton } from '@app/shared';
import { type KeyboardEvent, type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, toast } from '@/components/ui';
import type { BetSlipState } from '../model/bet-slip-state';
import { type BetSlipStore, type PlaceBet, submitBetSlip } from '../model/bet-slip-store';
import { type BetSlipContext, type BetSlipSummary, readStake, summarizeBetSlip } from '../model/bet-slip-summary';
import { formatPaise, formatWholeRupees } from '../model/format-money';
import { BetSlipPrice } from './bet-slip-price';

interface BetSlipPanelProps {
  ref: Ref<HTMLElement>;
  store: BetSlipStore;
  state: BetSlipState;
  selection: BetSelection;
  isLoggedIn: boolean;
  stakeButtons: readonly StakeButton[];
  onPlace: PlaceBet | undefined;
  onLoginRequired: () => void;
}

function sideOf(state: BetSlipState, selection: BetSelection): 'back' | 'lay' | 'yes' | 'no' {
  if (state.kind === 'fancy') return selection.is_back === 1 ? 'yes' : 'no';
  return selection.is_back === 1 ? 'back' : 'lay';
}

function useReasonText(summary: BetSlipSummary): string | null {
  const { t, i18n } = useTranslation();
  const reason = summary.disabledReason;
  if (reason === null || reason === 'noSelection') return null;
  const amount = summary.limitPaise === null ? '' : formatPaise(summary.limitPaise, i18n.language);
  return t(`betslip.reasons.${reason}`, { amount });
}

/** The open slip: the selection in its back or lay colour, price, stake, amounts and the place button. */
export function BetSlipPanel({
  ref,
  store,
  state,
  selection,
  isLoggedIn,
  stakeButtons,
  onPlace,
  onLoginRequired,
}: BetSlipPanelProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const stakeId = useId();
  const reasonId = useId();
  const context: BetSlipContext = { isLoggedIn, canPlace: onPlace !== undefined };
  const summary = summarizeBetSlip(state, context);
  const stake = readStake(state.stakeText);
  const isStakeInvalid = !stake.ok && stake.reason === 'stakeNotWhole';
  const reasonText = useReasonText(summary);
  const side = sideOf(state, selection);
  const colour = selection.is_back === 1 ? 'back' : 'lay';
  const money = (paise: number | null) => (paise === null ? '—' : formatPaise(paise, i18n.language));

  async function place() {
    if (!onPlace) return;
    const outcome = await submitBetSlip(store, context, onPlace);
    if (outcome.status === 'placed') toast.success(outcome.message || t('betslip.placed'));
    // Spec §8: a bet error shows the server's message and only clears the loading state.
    if (outcome.status === 'failed') toast.error(outcome.message ?? t('common.unexpectedError'));
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || state.isPlacing) return;
    event.stopPropagation();
    store.dispatch({ type: 'closed' });
  }

  return (
    <section
      ref={ref}
      tabIndex={-1}
      className={`betslip betslip--open betslip--${colour}`}
      aria-labelledby={titleId}
      aria-busy={state.isPlacing || undefined}
      onKeyDown={onKeyDown}
      data-testid="bet-slip"
    >
      <header className="betslip__header">
        <h2 id={titleId} className="betslip__title">
          {t('betslip.title')}
          <span className="visually-hidden">
            {': '}
            {t(`betslip.side.${side}`)} {selection.selection_name}
          </span>
        </h2>
        <button
          type="button"
          className="betslip__close"
          onClick={() => store.dispatch({ type: 'closed' })}
          disabled={state.isPlacing}
          aria-label={t('betslip.close')}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <form
        className="betslip__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void place();
        }}
      >
        <div className="betslip__selection">
          <span className={`betslip__side betslip__side--${colour}`}>{t(`betslip.side.${side}`)}</span>
          <div className="betslip__names">
            <p className="betslip__runner">{selection.selection_name}</p>
            <p className="betslip__market">
              {selection.match_name} · {selection.marketName}
            </p>
          </div>
        </div>
        <div className="betslip__row">
          <BetSlipPrice store={store} state={state} selection={selection} />
          <div className="betslip__field">
            <label className="betslip__label" htmlFor={stakeId}>
              {t('betslip.stake')}
            </label>
            <input
              id={stakeId}
              className="betslip__stake"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={state.stakeText}
              readOnly={state.isPlacing}
              aria-describedby={reasonText ? reasonId : undefined}
              aria-invalid={isStakeInvalid || undefined}
              onChange={(event) => store.dispatch({ type: 'stakeTyped', text: event.target.value })}
              data-testid="bet-slip-stake"
            />
          </div>
        </div>
        {stakeButtons.length > 0 && (
          <div className="betslip__quick" role="group" aria-label={t('betslip.quickStakes')}>
            {stakeButtons.map((button) => (
              <button
                key={`${button.button_name}-${button.button_value}`}
                type="button"
                className="betslip__quick-button"
                disabled={state.isPlacing}
                aria-label={t('betslip.quickStake', { amount: formatWholeRupees(button.button_value, i18n.language) })}
                onClick={() => store.dispatch({ type: 'stakeChosen', rupees: button.button_value })}
              >
                {button.button_name}
              </button>
            ))}
          </div>
        )}
        <dl className="betslip__summary">
          <div>
            <dt>{t('betslip.possibleWin')}</dt>
            <dd className="betslip__win" data-testid="bet-slip-win">
              {money(summary.possibleWinPaise)}
            </dd>
          </div>
          <div>
            <dt>{t('betslip.liability')}</dt>
            <dd className="betslip__liability" data-testid="bet-slip-liability">
              {money(summary.liabilityPaise)}
            </dd>
          </div>
        </dl>
        <div className="betslip__reason-row">
          <p id={reasonId} className="betslip__reason" role="status" data-testid="bet-slip-reason">
            {reasonText}
          </p>
          {summary.disabledReason === 'guest' && (
            <Button variant="secondary" size="sm" onClick={onLoginRequired}>
              {t('betslip.logIn')}
            </Button>
          )}
        </div>
        <div className="betslip__actions">
          <Button variant="ghost" onClick={() => store.dispatch({ type: 'cleared' })} disabled={state.isPlacing}>
            {t('betslip.clear')}
          </Button>
          <Button
            type="submit"
            className="betslip__place"
            isLoading={state.isPlacing}
            disabled={summary.disabledReason !== null}
            aria-describedby={reasonText ? reasonId : undefined}
            data-testid="bet-slip-place"
          >
            {state.isPlacing ? t('betslip.placing') : t('betslip.place')}
          </Button>
        </div>
      </form>
    </section>
  );
}
