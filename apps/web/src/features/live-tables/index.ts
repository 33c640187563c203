// Live tables' pages, loaded on demand (app/routes/casino-routes.tsx).
export { LiveTablePage } from './components/live-table-page';
export { LiveRoundVerifier } from './components/live-round-verifier';
// A live table's lobby tile status (LIVE, time left, stakes), loaded when a live tile shows.
export { LiveTileStatus } from './components/live-tile-status';
