import type { ActivityLogTable } from '../modules/activity/activity.table';
import type { OtpCodesTable } from '../modules/otp/otp.table';
import type { SessionsTable } from '../modules/sessions/sessions.table';
import type { GlobalSettingsTable } from '../modules/settings/settings.table';
import type { SportsTable } from '../modules/sports/sports.table';
import type { UsersTable } from '../modules/users/users.table';

/** Every table, as Kysely sees it. Each module owns the shape of its tables. */
export interface Database {
  global_settings: GlobalSettingsTable;
  sports: SportsTable;
  users: UsersTable;
  sessions: SessionsTable;
  otp_codes: OtpCodesTable;
  activity_log: ActivityLogTable;
}
