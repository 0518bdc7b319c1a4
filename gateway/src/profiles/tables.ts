import type { ColumnType, Generated } from 'kysely';

/** Migration 0017: a sector of an investment profile (spec 000 §3), with what its last rebuild chose. */
export interface ProfileSectorsTable {
  id: Generated<number>;
  profile_id: number;
  sector_ref_id: number;
  name: string;
  symbol: string;
  position: ColumnType<number, number | undefined, number>;
  size: number;
  vts_percentage: number | null;
  svts_percentage: number | null;
  val: number | null;
  stoploss: number;
  target_percentage: number | null;
  ratings_to_copy: number | null;
  up_down_ratio: number;
  sp_500_only: boolean;
  logic: number;
  strategies: ColumnType<string[], string, string>;
  target_amount: number;
  svg: string | null;
  portfolio_size: number | null;
  /** The team of the last rebuild (shared ProfileTeamMember[]). */
  team: ColumnType<unknown, string | undefined, string>;
  team_ids: ColumnType<string[], string[] | undefined, string[]>;
  /** The sector's stocks that passed its screeners at the last rebuild. */
  passing: ColumnType<string[], string[] | undefined, string[]>;
  team_built_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Migration 0017: a screener of a profile's sector. */
export interface ProfileScreenersTable {
  id: Generated<number>;
  sector_id: number;
  field: string;
  min_val: number | null;
  max_val: number | null;
  selector: string | null;
  multi_selector: ColumnType<string[] | null, string | null, string | null>;
  pos_type: string | null;
}

/** Migration 0017: a profile's newest rebuild; `again` asks for one more after the running one. */
export interface ProfileRebuildsTable {
  profile_id: number;
  job_id: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  done: ColumnType<number, number | undefined, number>;
  total: ColumnType<number, number | undefined, number>;
  again: ColumnType<boolean, boolean | undefined, boolean>;
  requested_by: number;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

declare module '../platform/schema' {
  interface Database {
    profile_sectors: ProfileSectorsTable;
    profile_screeners: ProfileScreenersTable;
    profile_rebuilds: ProfileRebuildsTable;
  }
  interface ProfilesTable {
    portfolio_size: ColumnType<number | null, number | null | undefined, number | null>;
    team_update_period: ColumnType<number, number | undefined, number>;
  }
}
