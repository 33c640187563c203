// Responsible play's parts of the frame for a logged-in player, one chunk loaded only after a
// login (app/layouts/rg-slots.tsx): the reality check, the header's session clock and the banner
// of a restricted session. Guests and /home's first paint load none of it.
export { RealityCheck } from './components/reality-check';
export { SessionClock } from './components/session-clock';
export { RestrictedBanner } from './components/restricted-banner';
