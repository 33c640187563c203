import type { BetSelection } from '@app/shared';
import { type StakeLimits, createBetSlipStore } from '@/features/betslip';

/** The player's "accept any price" choice, kept on this device (docs/betting.md "Accept any price"). */
const ACCEPT_ANY_ODDS_KEY = 'betSlipAcceptAnyOdds';

function storedAcceptAnyOdds(): boolean {
  try {
    return localStorage.getItem(ACCEPT_ANY_ODDS_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The one bet slip of the site. Route components open it with the price a player clicked
 * (`openBetSlip(selection)`); the sports layout renders it. It lives here, in the app layer,
 * because the pages that offer prices and the slip are separate features.
 */
export const betSlipStore = createBetSlipStore();
betSlipStore.dispatch({ type: 'anyOddsSet', isOn: storedAcceptAnyOdds() });

let savedAcceptAnyOdds = betSlipStore.getState().acceptAnyOdds;
betSlipStore.subscribe(() => {
  const { acceptAnyOdds } = betSlipStore.getState();
  if (acceptAnyOdds === savedAcceptAnyOdds) return;
  savedAcceptAnyOdds = acceptAnyOdds;
  try {
    localStorage.setItem(ACCEPT_ANY_ODDS_KEY, acceptAnyOdds ? '1' : '0');
  } catch {
    // Storage full or blocked: the choice holds for this visit.
  }
});

/** Opens the slip with a clicked price; `limits` are the market's stake limits in paise when known. */
export function openBetSlip(selection: BetSelection, limits?: StakeLimits): void {
  betSlipStore.dispatch({ type: 'opened', selection, limits });
}
