// The sports feature's live prices for the app's sports layout (the bet slip follows its
// selection with them). Not in index.ts: the first page (/home) must not load the live socket.
export { useSelectionQuote } from './api/use-selection-quote';
export type { SelectionQuote } from './model/selection-quote';
// The live state of one match (snapshot plus deltas), for the app's cash out on the current bets page.
export { useMatchMarkets } from './api/get-markets';
