// Casino pages loaded on demand (app/routes/casino-routes.tsx), so /home stays small.
export { CasinoGroupPage, CasinoMyGamesPage, CasinoProvidersPage } from './components/list-pages';
export { GamePage } from './components/play/game-page';
export { CasinoResultPage } from './components/casino-result-page';
export { RoundVerifier } from './components/round-verifier';
export { CrashChainsList } from './components/crash-chains-list';
