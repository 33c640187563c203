export interface StakeButtonsTable {
  user_id: number;
  type: 'Game' | 'Casino';
  position: number;
  button_name: string;
  /** The stake the button fills in, in paise (whole rupees). */
  value_paise: number;
}

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    stake_buttons: StakeButtonsTable;
  }
}
