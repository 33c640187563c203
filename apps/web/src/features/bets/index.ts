// Public surface of the bets feature: placement and the book for the app layer (report pages are in pages.ts).
export { placeBet, type PlaceRequest, refreshBets, useWinLossList } from './api/bets-calls';
export { FancyBook, RunnerBook, type WinLossList } from './components/runner-book';
