// The sports feature's pages, loaded with the sports routes (app/routes/lazy-pages.tsx loads
// app/routes/sports-routes.tsx on demand): /home does not carry them.
export { SportPage } from './components/sport-page';
export { EventsPage } from './components/events-page';
export { MatchDetailPage } from './components/match-detail-page';
export { RacingPage } from './components/racing-page';
export { RaceDetailPage } from './components/race-detail-page';
