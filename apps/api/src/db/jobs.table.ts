import type { Generated } from 'kysely';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

/** Durable work any instance may lease (docs/adr/0009-unit-of-work.md, "Jobs"). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** Unique: one row per piece of work ('settle:market:1.2', 'recurring:bonus expiry'). */
  job_key: string;
  /** JSON. */
  payload: string;
  status: JobStatus;
  run_at: number;
  attempts: Generated<number>;
  max_attempts: number;
  lease_owner: string | null;
  lease_until: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

// In the one Kysely schema.
declare module './schema' {
  interface Database {
    jobs: JobsTable;
  }
}
