/** Our own provably-fair games' public face (docs/casino-fairness.md). */
export { createFairGamesModule, type FairGamesModule, type FairGamesModuleDeps } from './fair-games.module';
// Round chains: Crash's and the live tables' (docs/casino-fairness.md, "Round chains").
export {
  chainRef,
  closedMessage,
  createRoundChains,
  DEMO_CHAIN_LENGTH,
  type ChainRow,
  type RoundChains,
} from './round-chain.service';
export { createDrandRelay, type BeaconSource } from './drand-relay';
export { roundChainCommands, roundChainsOf } from './round-chain.cli';
// Live tables pay through our provider's signed wallet calls too (modules/live-tables).
export { ensureProviderKeys, OWN_PROVIDER_NAME } from './fair-games.module';
export { createWalletClient, injectTransport, type WalletClient } from './wallet-client';
/** A wallet's refusal of one of our games' calls as the player's error (the live tables' too). */
export { walletRefusal } from './fair-games-wallet';
