import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** The tables of record, as Kysely sees them. Each migration that adds a table adds it here. */
export interface Database {
  accounts: AccountsTable;
  profiles: ProfilesTable;
  users: UsersTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  login_attempts: LoginAttemptsTable;
  companies: CompaniesTable;
  daily_bars: DailyBarsTable;
  quotes: QuotesTable;
  analysts: AnalystsTable;
  ratings: RatingsTable;
  earnings: EarningsTable;
  news: NewsTable;
  ingest_state: IngestStateTable;
  universes: UniversesTable;
  universe_symbols: UniverseSymbolsTable;
  watchlist: WatchlistTable;
}

/** NUMERIC arrives as a string (exact); code that needs a number converts where it reads. */
type Numeric = ColumnType<string, number | string, number | string>;
type NullableNumeric = ColumnType<string | null, number | string | null, number | string | null>;

export interface CompaniesTable {
  symbol: string;
  name: string;
  kind: 'stock' | 'etf';
  sector: string | null;
  industry: string | null;
  exchange: string;
  market_cap: NullableNumeric;
  shares_outstanding: NullableNumeric;
  beta: NullableNumeric;
  pe_ratio_12m: NullableNumeric;
  pb_ratio: NullableNumeric;
  peg_ratio: NullableNumeric;
  dividend_yield: NullableNumeric;
  forward_dividend: NullableNumeric;
  eps: NullableNumeric;
  roe: NullableNumeric;
  current_ratio: NullableNumeric;
  avg_vol_20d: NullableNumeric;
  description: string;
  indexes: string[];
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface DailyBarsTable {
  symbol: string;
  date: string;
  open: Numeric;
  high: Numeric;
  low: Numeric;
  close: Numeric;
  volume: number;
}

export interface QuotesTable {
  symbol: string;
  last_price: Numeric;
  daily_change: Numeric;
  daily_change_value: Numeric;
  previous_close: Numeric;
  volume: number;
  bid: Numeric;
  day_low: Numeric;
  day_high: Numeric;
  at: Date;
}

export interface AnalystsTable {
  id: string;
  name: string;
  firm: string;
}

export interface RatingsTable {
  id: string;
  analyst_id: string;
  analyst: string;
  firm: string;
  symbol: string;
  rating: 'buy' | 'sell';
  price_target: Numeric;
  price_when_posted: Numeric;
  published_at: Date;
  ingested_at: ColumnType<Date, Date | undefined, never>;
}

export interface EarningsTable {
  symbol: string;
  date: string;
  session: 'bmo' | 'amc';
}

export interface NewsTable {
  id: string;
  title: string;
  url: string;
  author: string;
  image: string | null;
  updated: Date;
  tickers: string[];
  channels: string[];
}

export interface IngestStateTable {
  feed: string;
  cursor: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface UniversesTable {
  id: Generated<number>;
  name: string;
  system: ColumnType<boolean, boolean | undefined, boolean>;
  owner_user_id: number | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface UniverseSymbolsTable {
  universe_id: number;
  symbol: string;
}

/** Migration 0005: a followed symbol, with when and at what price it was followed. */
export interface WatchlistTable {
  user_id: number;
  symbol: string;
  followed_at: ColumnType<Date, Date | undefined, Date>;
  entry_price: NullableNumeric;
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
