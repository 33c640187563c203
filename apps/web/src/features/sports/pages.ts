// The sports feature's pages, loaded on demand (app/routes/lazy-pages.tsx): /home does not carry them.
export { SportPage } from './components/sport-page';
export { EventsPage } from './components/events-page';
export { MatchDetailPage } from './components/match-detail-page';
