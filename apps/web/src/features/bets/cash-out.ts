// The bets feature's cash out, for the match page and the current bets page (app/match-book.tsx,
// app/routes/bets-routes.tsx). Not in index.ts: the first page (/home) needs none of it.
export { CashOutPanel } from './components/cash-out-panel';
