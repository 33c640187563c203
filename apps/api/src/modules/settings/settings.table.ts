export interface GlobalSettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    global_settings: GlobalSettingsTable;
  }
}
