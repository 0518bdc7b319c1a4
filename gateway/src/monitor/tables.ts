import type { ColumnType, Generated } from 'kysely';
import type { MonitorSetting } from '@insight/shared/portfolio/schemas';
import type { Preferences } from '@insight/shared/portfolio/monitor';

/** Migration 0008: a file's saved monitor settings and preferences. */
export interface PortfolioMonitorSettingsTable {
  portfolio_id: number;
  notification_settings: ColumnType<MonitorSetting[], string, string>;
  preferences: ColumnType<Partial<Preferences>, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A rule's hit, once per (portfolio, position, rule, day). */
export interface PortfolioNotificationsTable {
  id: Generated<number>;
  portfolio_id: number;
  position_id: number | null;
  symbol: string;
  rating: MonitorSetting['type'];
  title: string;
  text: string;
  factor: ColumnType<string | null, number | string | null, number | string | null>;
  pop: ColumnType<boolean, boolean | undefined, boolean>;
  day: ColumnType<string, string, string>;
  /** When it fired: set by a replay of a past file only (monitor/engine.ts). */
  created_at: ColumnType<Date, Date | undefined, Date>;
}

declare module '../platform/schema' {
  interface Database {
    portfolio_monitor_settings: PortfolioMonitorSettingsTable;
    portfolio_notifications: PortfolioNotificationsTable;
  }
}
