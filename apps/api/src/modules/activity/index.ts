/** The activity log module's public face (docs/accounts.md, "Activity log"). */
export { registerActivityRoutes } from './activity.routes';
export { recordActivity } from './activity.service';
export { listUserActivity } from './activity.repository';
