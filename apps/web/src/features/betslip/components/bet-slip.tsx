import type { StakeButton } from '@app/shared';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type BetSlipStore, type PlaceBet, useBetSlipState } from '../model/bet-slip-store';
import { BetSlipPanel } from './bet-slip-panel';
import './bet-slip.css';

export interface BetSlipProps {
  store: BetSlipStore;
  isLoggedIn: boolean;
  /** The player's Game stake buttons (whole rupees), set under "Button values". */
  stakeButtons: readonly StakeButton[];
  /**
   * Sends the bet and resolves with the server's message, or rejects with an Error carrying it.
   * Absent until the placement API exists: the place button then stays disabled with its reason.
   */
  onPlace?: PlaceBet | undefined;
  /** Opens the login modal for a guest. */
  onLoginRequired: () => void;
}

/**
 * Focus follows the slip: a price click moves focus to the slip (not to the stake field, which
 * would throw up a phone's keyboard over the quick stakes), and closing returns it to that price.
 */
function useSlipFocus(openCount: number, isOpen: boolean, panelRef: RefObject<HTMLElement | null>) {
  const returnFocusRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (openCount === 0 || !isOpen) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && !panelRef.current?.contains(active)) returnFocusRef.current = active;
    panelRef.current?.focus();
  }, [openCount, isOpen, panelRef]);
  useEffect(() => {
    if (isOpen) return;
    const target = returnFocusRef.current;
    returnFocusRef.current = null;
    if (target?.isConnected) target.focus();
  }, [isOpen]);
}

/**
 * The bet slip: a side panel on desktop, a bottom sheet on phones. It renders the slip's model;
 * every rule (odds steps, amounts, why the button is disabled) lives in ../model.
 */
export function BetSlip({ store, isLoggedIn, stakeButtons, onPlace, onLoginRequired }: BetSlipProps) {
  const { t } = useTranslation();
  const state = useBetSlipState(store);
  const panelRef = useRef<HTMLElement>(null);
  useSlipFocus(state.openCount, state.selection !== null, panelRef);

  if (!state.selection) {
    return (
      <div className="betslip betslip--empty" data-testid="bet-slip-empty">
        <h2 className="betslip__title">{t('betslip.title')}</h2>
        <p className="betslip__empty-text">{t('betslip.empty')}</p>
      </div>
    );
  }
  return (
    <BetSlipPanel
      ref={panelRef}
      store={store}
      state={state}
      selection={state.selection}
      isLoggedIn={isLoggedIn}
      stakeButtons={stakeButtons}
      onPlace={onPlace}
      onLoginRequired={onLoginRequired}
    />
  );
}
