// Route pages of the account feature, loaded on demand (app/routes/lazy-pages.tsx) so /home stays small.
export { ActivityLogPage } from './components/activity-log-page';
