// The bet report pages, loaded on demand (app/routes/lazy-pages.tsx).
export { CurrentBetsPage, type CurrentBetsMarket } from './components/current-bets-page';
export { BetHistoryPage } from './components/bet-history-page';
