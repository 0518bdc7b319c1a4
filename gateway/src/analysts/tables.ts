import type { ColumnType } from 'kysely';
import type { NullableNumeric, Numeric } from '../platform/schema';

/** Migration 0003: an analyst's record in a sector, from every rating of the sector's stocks. */
export interface AnalystSectorStatsTable {
  analyst_id: string;
  sector: string;
  ratings: number;
  decided: number;
  successes: number;
  reached: number;
  outperformed: number;
  /** 0 to 1; null while nothing is decided. */
  success_rate: NullableNumeric;
  grade: number | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Migration 0003: the analyst team of each sector, best first. */
export interface AnalystTeamsTable {
  sector: string;
  analyst_id: string;
  rank: number;
  /** 0 to 1, over the team's look-back. */
  success_rate: Numeric;
  grade: number;
  created_at: Date;
}

export interface AnalyticsStateTable {
  id: number;
  facts: string;
  computed_at: Date;
  ms: number;
}

declare module '../platform/schema' {
  interface Database {
    analyst_sector_stats: AnalystSectorStatsTable;
    analyst_teams: AnalystTeamsTable;
    analytics_state: AnalyticsStateTable;
  }
}
