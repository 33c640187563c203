export interface SportsTable {
  sport_id: number;
  name: string;
  is_active: number;
  sort_order: number;
}

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    sports: SportsTable;
  }
}
