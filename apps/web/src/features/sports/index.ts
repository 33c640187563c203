// Public surface of the sports feature: the header search and the sidebar's live counts (its pages
// are in pages.ts, loaded on demand).
export { MatchSearch } from './components/match-search';
export { useLiveCounts } from './api/get-event-lists';
export { selectionKey } from './model/selection';
export type { BookSlots, SelectionProps, StakeLimitsRupees } from './components/match-list';
