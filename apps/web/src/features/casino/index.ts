// Public surface of the casino feature that /home needs at once; the other pages are in pages.ts.
export { CasinoLobby, type LobbyProps } from './components/casino-lobby';
export { isCasinoCategory } from './model/casino-groups';
export { useHasIndianCasino } from './model/use-has-indian-casino';
export { launchExternalSportsbook } from './api/casino-calls';
export { TileExtrasContext } from './model/tile-extras';
