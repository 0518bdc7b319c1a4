import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** The tables of record, as Kysely sees them. Each migration that adds a table adds it here. */
export interface Database {
  accounts: AccountsTable;
  profiles: ProfilesTable;
  users: UsersTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  idempotency_keys: IdempotencyKeysTable;
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
  universe_symbol_changes: UniverseSymbolChangesTable;
  watchlist: WatchlistTable;
  portfolios: PortfoliosTable;
  portfolio_funds: PortfolioFundsTable;
  portfolio_positions: PortfolioPositionsTable;
  portfolio_actions: PortfolioActionsTable;
  apps: AppsTable;
  app_portfolios: AppPortfoliosTable;
  app_portfolio_symbols: AppPortfolioSymbolsTable;
  app_messages: AppMessagesTable;
  app_message_outbox: AppMessageOutboxTable;
}

/** NUMERIC arrives as a string (exact); code that needs a number converts where it reads. */
export type Numeric = ColumnType<string, number | string, number | string>;
export type NullableNumeric = ColumnType<string | null, number | string | null, number | string | null>;

/** One index membership of a company, as `companies.index_history` holds it (days YYYY-MM-DD). */
export interface IndexMembershipRow {
  index: string;
  entered: string;
  left: string | null;
}

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
  /** Migration 0020: the memberships with their days (`UpstreamIndexMembership[]`), written as JSON. */
  index_history: ColumnType<IndexMembershipRow[], string | undefined, string>;
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
  /** Migration 0012: the account whose users see a universe that is not a system one. */
  account_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 0020: what a built-in universe holds (the whole index or a sample); null for others. */
  description: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UniverseSymbolsTable {
  universe_id: number;
  symbol: string;
}

/** Migration 0012: a symbol entered or left a universe, when. */
export interface UniverseSymbolChangesTable {
  id: Generated<string>;
  universe_id: number;
  symbol: string;
  change: 'entered' | 'left';
  at: ColumnType<Date, Date | undefined, Date>;
}

/** Migration 0005: a followed symbol, with when and at what price it was followed. */
export interface WatchlistTable {
  user_id: number;
  symbol: string;
  followed_at: ColumnType<Date, Date | undefined, Date>;
  entry_price: NullableNumeric;
}

/** Migration 0006: a user's file (one each); its first day is its first deposit's. */
export interface PortfoliosTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  notes: ColumnType<string, string | undefined, string>;
  created: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** Migration 0018: moved by the database at every change of the file's lots or fund entries. */
  revision: ColumnType<string, never, never>;
}

/** A deposit (units > 0) or withdrawal (units < 0) dealt at a unit price; amount = units x unit price. */
export interface PortfolioFundsTable {
  id: Generated<number>;
  portfolio_id: number;
  date: string;
  units: number;
  unit_price: Numeric;
  amount: Numeric;
  notes: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A lot: open while close_date is null. A partial close splits off a closed lot naming its parent. */
export interface PortfolioPositionsTable {
  id: Generated<number>;
  portfolio_id: number;
  symbol: string;
  kind: 'Long' | 'Short';
  entry_date: string;
  entry_price: Numeric;
  quantity: number;
  notes: ColumnType<string, string | undefined, string>;
  close_date: string | null;
  close_price: NullableNumeric;
  parent_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A planned Buy or Sell of a held symbol (spec 001 §3 Future action). */
export interface PortfolioActionsTable {
  id: Generated<number>;
  portfolio_id: number;
  date: string;
  action: 'Buy' | 'Sell';
  ticker: string;
  reason: string;
  quantity: number;
  comment: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Migration 0007: a flavour of the native app ('insight-ios'); users.app_flavor names one. */
export interface AppsTable {
  flavor: string;
  name: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A portfolio an admin prepares for an app; months are DATEs on the 1st. */
export interface AppPortfoliosTable {
  id: Generated<number>;
  app_flavor: string;
  title: string;
  month: string;
  end_month: string | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface AppPortfolioSymbolsTable {
  portfolio_id: number;
  symbol: string;
  entry: Numeric;
  added_at: ColumnType<Date, Date | undefined, never>;
}

/** A broadcast to every user of an app. */
export interface AppMessagesTable {
  id: Generated<number>;
  app_flavor: string;
  text: string;
  sent_by: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** One row per (message, user of the app): pending until a socket of the user got it. */
export interface AppMessageOutboxTable {
  message_id: number;
  user_id: number;
  delivered_at: Date | null;
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
  /** The chain of remember-me tokens since a password sign-in (migration 0009); null before it. */
  family: string | null;
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

/** Answers of writes kept under the caller's Idempotency-Key (migration 0009). */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  route: string;
  request_hash: string;
  status_code: number | null;
  response: string | null;
  created_at: CreatedAt;
  expires_at: Date;
}
