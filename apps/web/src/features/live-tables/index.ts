// Live tables' pages, loaded on demand (app/routes/casino-routes.tsx).
export { LiveTablePage } from './components/live-table-page';
export { LiveRoundVerifier } from './components/live-round-verifier';
