/** Our own provably-fair games' public face (docs/casino-fairness.md). */
export { createFairGamesModule, type FairGamesModule, type FairGamesModuleDeps } from './fair-games.module';
