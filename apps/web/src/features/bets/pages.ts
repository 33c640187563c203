// The bet report pages, loaded on demand (app/routes/lazy-pages.tsx).
export { CurrentBetsPage } from './components/current-bets-page';
export { BetHistoryPage } from './components/bet-history-page';
