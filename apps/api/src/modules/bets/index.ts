/** The bets module's public face: placement, settlement and bet reports (docs/betting.md). */
export { type BetsModule, type BetsModuleDeps, createBetsModule } from './bets.module';
export { betCommands } from './bets.cli';
export type { PlacementOptions } from './bets.service';
export { assertFancy, assertMarket, marketDecision } from './settlement-admin';
export type { Decision, SettleOnce, SettleResult, SettlementService } from './settlement.service';
/** The operator console's reads of bets and settlements (docs/console.md). */
export {
  betTotalsOf,
  dailyBetResults,
  openBetsOf,
  openLiabilityByMatch,
  pagePlayerBets,
  standingSettlementsOf,
} from './operator-reads.repository';
