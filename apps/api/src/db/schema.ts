import type { ActivityLogTable } from '../modules/activity/activity.table';
import type { LoginThrottleTable } from '../modules/auth/login-throttle.table';
import type { OtpCodesTable } from '../modules/otp/otp.table';
import type { SessionsTable } from '../modules/sessions/sessions.table';
import type { BonusEventsTable, BonusesTable } from '../modules/bonus/bonus.table';
import type { StakeButtonsTable } from '../modules/buttons/buttons.table';
import type { LedgerAccountsTable, LedgerEntriesTable, LedgerTransactionsTable } from '../modules/ledger/ledger.table';
import type { WalletStatusTable } from '../modules/wallet/wallet.table';
import type { IdempotencyKeysTable } from '../plugins/idempotency.repository';
import type { GlobalSettingsTable } from '../modules/settings/settings.table';
import type { SportsTable } from '../modules/sports/sports.table';
import type { UsersTable } from '../modules/users/users.table';

/** Every table, as Kysely sees it. Each module owns the shape of its tables. */
export interface Database {
  global_settings: GlobalSettingsTable;
  sports: SportsTable;
  users: UsersTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  wallet_status: WalletStatusTable;
  bonuses: BonusesTable;
  bonus_events: BonusEventsTable;
  stake_buttons: StakeButtonsTable;
  idempotency_keys: IdempotencyKeysTable;
  sessions: SessionsTable;
  otp_codes: OtpCodesTable;
  activity_log: ActivityLogTable;
  login_throttle: LoginThrottleTable;
}
