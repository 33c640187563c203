/**
 * One counter per throttled key ('account:<user id>' or 'address:<ip>'): the attempts claimed in
 * the window that started at `window_start` (docs/accounts.md, Throttling).
 */
export interface LoginThrottleTable {
  throttle_key: string;
  window_start: number;
  attempts: number;
}

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    login_throttle: LoginThrottleTable;
  }
}
