import type { BetSelection } from '@app/shared';
import { type StakeLimits, createBetSlipStore } from '@/features/betslip';

/**
 * The one bet slip of the site. Route components open it with the price a player clicked
 * (`openBetSlip(selection)`); the sports layout renders it. It lives here, in the app layer,
 * because the pages that offer prices and the slip are separate features.
 */
export const betSlipStore = createBetSlipStore();

/** Opens the slip with a clicked price; `limits` are the market's stake limits in paise when known. */
export function openBetSlip(selection: BetSelection, limits?: StakeLimits): void {
  betSlipStore.dispatch({ type: 'opened', selection, limits });
}
