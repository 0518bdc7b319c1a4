import type { ColumnType, Generated } from 'kysely';

export interface AlertsTable {
  id: Generated<number>;
  profile_id: number;
  type: number;
  symbol: string;
  rating_id: string | null;
  earning_date: string | null;
  at: Date;
  dedupe_key: string;
}

export interface AlertDismissalsTable {
  user_id: number;
  alert_id: number;
  action: 'dismiss' | 'execute';
  at: ColumnType<Date, Date | undefined, Date>;
}

declare module '../platform/schema' {
  interface Database {
    alerts: AlertsTable;
    alert_dismissals: AlertDismissalsTable;
  }
}
