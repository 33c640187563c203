import type { Generated, Selectable } from 'kysely';

export interface OtpCodesTable {
  id: Generated<number>;
  request_id: string;
  mobile: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: Generated<number>;
  used_at: number | null;
  ip: string;
}

export type OtpCodeRow = Selectable<OtpCodesTable>;

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    otp_codes: OtpCodesTable;
  }
}
