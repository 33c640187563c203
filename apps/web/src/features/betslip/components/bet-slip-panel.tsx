import { type BetSelection, formatRupees, type StakeButton } from '@app/shared';
import { type KeyboardEvent, type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMarketName } from '@/lib/market-name';
import { Button, toast } from '@/components/ui';
import type { BetSlipState } from '../model/bet-slip-state';
import {
  type BetSlipStore,
  type PlaceBet,
  type PlacedConfirmation,
  submitBetSlip,
  takeOfferAndSubmit,
} from '../model/bet-slip-store';
import { type BetSlipContext, type BetSlipSummary, readStake, summarizeBetSlip } from '../model/bet-slip-summary';
import { formatPaise, formatWholeRupees } from '../model/format-money';
import { wirePriceText } from '../model/price-text';
import { BetSlipLive } from './bet-slip-live';
import { BetSlipPlaceButton } from './bet-slip-place-button';
import { BetSlipPrice } from './bet-slip-price';
import { BetSlipRefusal } from './bet-slip-refusal';

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

function sideOf(kind: BetSlipState['kind'], selection: BetSelection): 'back' | 'lay' | 'yes' | 'no' {
  if (kind === 'fancy') return selection.is_back === 1 ? 'yes' : 'no';
  return selection.is_back === 1 ? 'back' : 'lay';
}

function useReasonText(summary: BetSlipSummary): string | null {
  const { t } = useTranslation();
  const reason = summary.disabledReason;
  if (reason === null || reason === 'noSelection') return null;
  const amount = summary.limitPaise === null ? '' : formatPaise(summary.limitPaise);
  return t(`betslip.reasons.${reason}`, { amount });
}

/**
 * "Bet placed: Back India at 1.85, stake ₹100.00": what was placed, as the server took it, and
 * when it was matched at a better price than the slip asked, that price too (docs/betting.md
 * "Best execution").
 */
function useConfirmationText(): (placed: PlacedConfirmation) => string {
  const { t } = useTranslation();
  return (placed) => {
    const values = {
      side: t(`betslip.side.${sideOf(placed.kind, placed.selection)}`),
      name: placed.selection.selection_name,
      price: wirePriceText(placed.kind, placed.odds, placed.run),
      asked: wirePriceText(placed.kind, placed.askedOdds, placed.run),
      stake: formatRupees(placed.stack),
    };
    if (placed.kind === 'fancy' || placed.odds === placed.askedOdds) return t('betslip.placedBet', values);
    const isBetter = placed.selection.is_back === 1 ? placed.odds > placed.askedOdds : placed.odds < placed.askedOdds;
    return t(isBetter ? 'betslip.placedBetBetter' : 'betslip.placedBetWorse', values);
  };
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
  const { t } = useTranslation();
  const confirmation = useConfirmationText();
  const titleId = useId();
  const anyOddsId = useId();
  const stakeId = useId();
  const reasonId = useId();
  const context: BetSlipContext = { isLoggedIn, canPlace: onPlace !== undefined };
  const summary = summarizeBetSlip(state, context);
  const stake = readStake(state.stakeText);
  const isStakeInvalid = !stake.ok && stake.reason === 'stakeNotWhole';
  const reasonText = useReasonText(summary);
  const side = sideOf(state.kind, selection);
  const colour = selection.is_back === 1 ? 'back' : 'lay';
  const money = (paise: number | null) => (paise === null ? '—' : formatPaise(paise));

  // Spec §8: a bet error shows the server's message and only clears the loading state; the
  // message shows inside the slip (BetSlipRefusal), where it covers nothing.
  async function place(submit: typeof submitBetSlip = submitBetSlip) {
    if (!onPlace) return;
    const outcome = await submit(store, context, onPlace, t('common.unexpectedError'));
    if (outcome.status === 'placed') toast.success(confirmation(outcome.placed));
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
              {selection.match_name} · {translateMarketName(t, selection.marketName)}
            </p>
          </div>
        </div>
        <div className="betslip__row">
          <div className="betslip__price">
            <BetSlipPrice store={store} state={state} selection={selection} />
            <BetSlipLive store={store} state={state} />
          </div>
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
                aria-label={t('betslip.quickStake', { amount: formatWholeRupees(button.button_value) })}
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
        {state.kind !== 'fancy' && (
          <div className="betslip__better">
            <input
              id={anyOddsId}
              type="checkbox"
              checked={state.acceptAnyOdds}
              disabled={state.isPlacing}
              onChange={(event) => store.dispatch({ type: 'anyOddsSet', isOn: event.target.checked })}
              data-testid="bet-slip-any-odds"
            />
            <label htmlFor={anyOddsId}>
              {t('betslip.acceptAny')}
              <span className="betslip__better-hint">{t('betslip.acceptAnyHint')}</span>
            </label>
          </div>
        )}
        <BetSlipRefusal state={state} onTakeOffer={() => void place(takeOfferAndSubmit)} />
        <div className="betslip__actions">
          <Button
            variant="ghost"
            onClick={() => store.dispatch({ type: 'cleared' })}
            disabled={state.isPlacing}
            data-testid="bet-slip-clear"
          >
            {t('betslip.clear')}
          </Button>
          <BetSlipPlaceButton
            state={state}
            isDisabled={summary.disabledReason !== null}
            describedBy={reasonText ? reasonId : undefined}
          />
        </div>
      </form>
    </section>
  );
}
