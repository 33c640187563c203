/** The users module's public face (docs/accounts.md). */
export { configurePasswordHashing, hashPassword, passwordHashingSettled, verifyPassword } from './password';
export { assertPasswordAllowed } from './password-policy';
export {
  findUserById,
  findUserByMobile,
  findUserByNameKey,
  findUsersByEmail,
  insertUser,
  replacePasswordHashIfUnchanged,
  updatePasswordHash,
} from './users.repository';
export { createUser, CUSTOMER_USER_TYPE, type NewUser, SUB_ACCOUNT_PARENT_ID, userNameKey } from './users.service';
export type { UserRow } from './users.table';
export { createUsersAdmin } from './users-admin.service';
export { userCommands } from './users.cli';
/** The operator console's reads of players (docs/console.md). */
export { dailySignups, findPlayerByNameKey, searchPlayers, userNamesByIds } from './operator-reads.repository';
