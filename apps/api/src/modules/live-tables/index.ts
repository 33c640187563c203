/** Live tables' public face: shared rounds for every player (docs/casino.md, "Live tables"). */
export { createLiveTablesModule, type LiveTablesModule, type LiveTablesModuleDeps } from './live-tables.module';
export { drawLiveRound, type LiveTables } from './live-tables.service';
