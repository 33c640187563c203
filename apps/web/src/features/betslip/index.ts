// Public surface of the bet slip: the component, its store, and the request it hands the place action.
export { BetSlip, type BetSlipProps } from './components/bet-slip';
export {
  type BetSlipStore,
  type PlaceBet,
  type PlacedBetAnswer,
  createBetSlipStore,
  useBetSlipState,
} from './model/bet-slip-store';
export type { LiveQuote, StakeLimits } from './model/bet-slip-state';
export type { PlaceBetRequest } from './model/bet-slip-summary';
