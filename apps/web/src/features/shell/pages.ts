// Shell pages loaded on demand (app/routes/lazy-pages.tsx) so /home stays small.
export { SportsbookFrame } from './components/sportsbook-frame';
