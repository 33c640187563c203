import type { BetSelection } from '@app/shared';
import { type StakeLimits, createBetSlipStore } from '@/features/betslip';

/** The player's "accept any better price" choice, kept on this device (docs/betting.md). */
const ACCEPT_BETTER_ODDS_KEY = 'betSlipAcceptBetterOdds';

function storedAcceptBetterOdds(): boolean {
  try {
    return localStorage.getItem(ACCEPT_BETTER_ODDS_KEY) === '1';
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
betSlipStore.dispatch({ type: 'betterOddsSet', isOn: storedAcceptBetterOdds() });

let savedAcceptBetterOdds = betSlipStore.getState().acceptBetterOdds;
betSlipStore.subscribe(() => {
  const { acceptBetterOdds } = betSlipStore.getState();
  if (acceptBetterOdds === savedAcceptBetterOdds) return;
  savedAcceptBetterOdds = acceptBetterOdds;
  try {
    localStorage.setItem(ACCEPT_BETTER_ODDS_KEY, acceptBetterOdds ? '1' : '0');
  } catch {
    // Storage full or blocked: the choice holds for this visit.
  }
});

/** Opens the slip with a clicked price; `limits` are the market's stake limits in paise when known. */
export function openBetSlip(selection: BetSelection, limits?: StakeLimits): void {
  betSlipStore.dispatch({ type: 'opened', selection, limits });
}
