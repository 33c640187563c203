/** The sessions module's public face (docs/accounts.md, "Sessions"). */
export { type ClientInfo, clientInfo, createSessionsService, type SessionUser, type SessionsService } from './sessions.service';
export { endUserSessionRows, hasRecentLoginFrom } from './sessions.repository';
