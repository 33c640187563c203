/** Our own provably-fair games' public face (docs/casino-fairness.md). */
export { createFairGamesModule, type FairGamesModule, type FairGamesModuleDeps } from './fair-games.module';
export { createCrashChains, DEMO_CRASH_CHAIN_LENGTH } from './crash-chain.service';
export { crashCommands } from './crash.cli';
// Live tables pay through our provider's signed wallet calls too (modules/live-tables).
export { ensureProviderKeys, OWN_PROVIDER_NAME } from './fair-games.module';
export { createWalletClient, injectTransport, type WalletClient } from './wallet-client';
