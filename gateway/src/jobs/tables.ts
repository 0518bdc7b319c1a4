import type { ColumnType } from 'kysely';
import type { JobProgressValue, JobState } from '@insight/shared';

type Json<T> = ColumnType<T, string, string>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Migration 0013: a job as its owner sees it, and which run holds it. */
export interface JobsTable {
  id: string;
  kind: string;
  owner_id: number;
  params: Json<unknown>;
  state: JobState;
  progress: ColumnType<JobProgressValue | null, string | null | undefined, string | null>;
  error: string | null;
  file_path: string | null;
  file_name: string | null;
  file_type: string | null;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  boss_id: string;
  run_token: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  heartbeat_at: NullableTime;
  created_at: Time;
  updated_at: Time;
  started_at: NullableTime;
  finished_at: NullableTime;
}

/** Migration 0013: an admin's earnings date for a symbol, ruling until that date passes. */
export interface EarningsOverridesTable {
  symbol: string;
  earning_date: ColumnType<string, string, string>;
  from_date: ColumnType<string, string, string>;
  set_by: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

declare module '../platform/schema' {
  interface Database {
    jobs: JobsTable;
    earnings_overrides: EarningsOverridesTable;
  }
}
