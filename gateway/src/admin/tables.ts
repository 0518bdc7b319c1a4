import type { ColumnType, Generated } from 'kysely';

/** Migration 0015: an account's linked investment profiles (its master profile is on the account). */
export interface AccountLinkedProfilesTable {
  account_id: number;
  profile_id: number;
}

/** Migration 0015: one admin change, with the entity as it was and as it became. */
export interface AuditLogTable {
  id: Generated<number>;
  at: ColumnType<Date, Date | undefined, never>;
  actor_id: number | null;
  actor_email: string | null;
  entity: string;
  entity_id: string;
  action: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
}

/** Migration 0015: a "How can we help?" request (spec 002 §2.9, §3). */
export interface SupportRequestsTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  email: string;
  phone: string;
  company: string;
  topic: string;
  message: string;
  address: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  handled_at: Date | null;
  handled_by: number | null;
}

declare module '../platform/schema' {
  interface Database {
    account_linked_profiles: AccountLinkedProfilesTable;
    audit_log: AuditLogTable;
    support_requests: SupportRequestsTable;
  }
  interface AccountsTable {
    master_profile_id: ColumnType<number | null, number | null | undefined, number | null>;
    api_key: ColumnType<string | null, string | null | undefined, string | null>;
  }
  interface AnalystsTable {
    global_name: ColumnType<string | null, string | null | undefined, string | null>;
    nick_name: ColumnType<string | null, string | null | undefined, string | null>;
  }
}
