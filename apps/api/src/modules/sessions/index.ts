/** The sessions module's public face (docs/accounts.md, "Sessions"). */
export {
  type ClientInfo,
  clientInfo,
  createSessionsService,
  type SessionEndReason,
  type SessionTerms,
  type SessionUser,
  type SessionsService,
} from './sessions.service';
export {
  endUserSessionRows,
  findSessionClock,
  hasRecentLoginFrom,
  setLiveSessionLimit,
  setRealityChecked,
} from './sessions.repository';
/** The operator console's reads of sessions (docs/console.md). */
export { countPlayersOnline, lastLoginsOf } from './operator-reads.repository';
