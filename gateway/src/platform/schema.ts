import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** The tables of record, as Kysely sees them. Each migration that adds a table adds it here. */
export interface Database {
  accounts: AccountsTable;
  profiles: ProfilesTable;
  users: UsersTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  login_attempts: LoginAttemptsTable;
}

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface AccountsTable {
  id: Generated<number>;
  name: string;
  /** The last day of access (a DATE, as YYYY-MM-DD); null is indefinite. */
  valid_to: ColumnType<string | null, string | null | undefined, string | null>;
  trail: ColumnType<boolean, boolean | undefined, boolean>;
  trial_days: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
}

export interface ProfilesTable {
  id: Generated<number>;
  name: string;
  owner_user_id: number | null;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  account_id: number;
  email: string;
  password_hash: string;
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
  account_type: 'user' | 'profile';
  is_admin: ColumnType<boolean, boolean | undefined, boolean>;
  client_admin: ColumnType<boolean, boolean | undefined, boolean>;
  current_profile_id: number | null;
  alert_filters: ColumnType<unknown, string | null | undefined, string | null>;
  app_id: string | null;
  app_flavor: string | null;
  created_at: CreatedAt;
  last_activity_at: Date | null;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  public_id: string;
  user_id: number;
  remember: boolean;
  created_at: CreatedAt;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  address: string | null;
  user_agent: string | null;
}

export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  kind: 'remember' | 'reset';
  token_hash: string;
  session_id: number | null;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  account_key: string;
  address: string;
  at: Date;
  cleared: ColumnType<boolean, boolean | undefined, boolean>;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
