import type { GlobalSettingsTable } from '../modules/settings/settings.table';
import type { SportsTable } from '../modules/sports/sports.table';
import type { UsersTable } from '../modules/users/users.table';

/** Every table, as Kysely sees it. Each module owns the shape of its tables. */
export interface Database {
  global_settings: GlobalSettingsTable;
  sports: SportsTable;
  users: UsersTable;
}
