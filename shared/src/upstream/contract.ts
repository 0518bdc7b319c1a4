import { z } from 'zod';

/**
 * The upstream contract (design §3): a small read-only HTTP API of market status, quotes, ratings,
 * analysts, companies, earnings, news and daily bars. The simulator speaks it; so could a vendor
 * adapter. The gateway validates every answer against these schemas and drops what fails.
 */

export const symbolSchema = z
  .string()
  .trim()
  .min(1)
  .max(10)
  .regex(/^[A-Z][A-Z0-9.-]*$/, { error: 'a ticker is upper-case letters, digits, dots or dashes' });

const isoInstant = z.iso.datetime({ offset: true });
const isoDate = z.iso.date();
const finite = z.number().finite();

export const marketStatusSchema = z.object({
  open: z.boolean(),
  at: isoInstant,
  /** The next opening bell, and the next (or current session's) closing bell. */
  next_open: isoInstant,
  next_close: isoInstant.nullable(),
  early_close: z.boolean(),
});
export type UpstreamMarketStatus = z.infer<typeof marketStatusSchema>;

export const quoteSchema = z.object({
  symbol: symbolSchema,
  last_price: finite.positive(),
  /** Percent change from the previous close. */
  daily_change: finite,
  /** Change from the previous close, in USD. */
  daily_change_value: finite,
  previous_close: finite.positive(),
  volume: z.number().int().nonnegative(),
  bid: finite.nonnegative(),
  day_low: finite.positive(),
  day_high: finite.positive(),
  at: isoInstant,
});
export type UpstreamQuote = z.infer<typeof quoteSchema>;
export const quotesResponseSchema = z.object({ quotes: z.array(z.unknown()) });

export const ratingSchema = z.object({
  id: z.string().min(1).max(64),
  analyst_id: z.string().min(1).max(64),
  analyst: z.string().min(1).max(200),
  firm: z.string().min(1).max(200),
  symbol: symbolSchema,
  rating: z.enum(['buy', 'sell']),
  price_target: finite.positive(),
  price_when_posted: finite.positive(),
  published_at: isoInstant,
});
export type UpstreamRating = z.infer<typeof ratingSchema>;

export const analystSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(200),
  firm: z.string().min(1).max(200),
});
export type UpstreamAnalyst = z.infer<typeof analystSchema>;

export const indexNames = ['S&P 500', 'S&P 100', 'NASDAQ 100', 'Russell 1000', 'Russell 2000'] as const;
export const gicsSectors = [
  'Information Technology',
  'Health Care',
  'Financials',
  'Consumer Discretionary',
  'Communication Services',
  'Industrials',
  'Consumer Staples',
  'Energy',
  'Utilities',
  'Real Estate',
  'Materials',
] as const;

/**
 * A company's membership of an index over time: the day it entered and the day it left (null while it
 * is a member). A past scan reads the members of its day from these.
 */
export const indexMembershipSchema = z.object({
  index: z.enum(indexNames),
  entered: isoDate,
  left: isoDate.nullable(),
});
export type UpstreamIndexMembership = z.infer<typeof indexMembershipSchema>;

/**
 * A company's reference facts. Its fundamentals are not here: they are dated facts, a history of
 * fiscal quarters (`fiscalQuarterSchema`), from which the gateway derives P/E, P/B, ROE and the rest
 * for any day (`shared/src/market/fundamentals.ts`).
 */
export const companySchema = z.object({
  symbol: symbolSchema,
  name: z.string().min(1).max(200),
  kind: z.enum(['stock', 'etf']),
  sector: z.enum(gicsSectors).nullable(),
  industry: z.string().max(200).nullable(),
  exchange: z.string().min(1).max(20),
  market_cap: finite.nonnegative().nullable(),
  shares_outstanding: finite.nonnegative().nullable(),
  beta: finite.nullable(),
  avg_vol_20d: finite.nonnegative().nullable(),
  description: z.string().max(5000),
  /** The indexes it belongs to today. */
  indexes: z.array(z.enum(indexNames)),
  /** Its memberships with their dates, past ones included; absent when the source does not know them. */
  index_history: z.array(indexMembershipSchema).default([]),
});
export type UpstreamCompany = z.infer<typeof companySchema>;

export const earningsSchema = z.object({
  symbol: symbolSchema,
  date: isoDate,
  /** Before market open or after market close. */
  session: z.enum(['bmo', 'amc']),
});
export type UpstreamEarnings = z.infer<typeof earningsSchema>;

/**
 * One fiscal quarter of a company as reported: the figures of the quarter and the day the market
 * learned them (`reported_on`, its earnings date; `session` before the open or after the close).
 * Amounts in USD; per-share figures per share outstanding at the quarter's end.
 */
export const fiscalQuarterSchema = z.object({
  symbol: symbolSchema,
  fiscal_year: z.number().int().min(1900).max(2200),
  fiscal_quarter: z.number().int().min(1).max(4),
  period_end: isoDate,
  reported_on: isoDate,
  session: z.enum(['bmo', 'amc']),
  /** Diluted EPS of the quarter. */
  eps: finite,
  /** EPS of the four quarters ending with this one, when the source states it. */
  eps_ttm: finite.nullable(),
  /** The consensus estimate of the quarter's EPS before the report (the surprise is eps − estimate). */
  eps_estimate: finite.nullable(),
  revenue: finite.nullable(),
  net_income: finite.nullable(),
  book_value_per_share: finite.nullable(),
  current_ratio: finite.nonnegative().nullable(),
  shares_outstanding: finite.nonnegative().nullable(),
  dividend_per_share: finite.nonnegative().nullable(),
});
export type UpstreamFiscalQuarter = z.infer<typeof fiscalQuarterSchema>;

/** The 13 news channels of spec 002 §9. */
export const newsChannels = [
  'Top News',
  'Information Technology',
  'Healthcare',
  'Financials',
  'Real Estate',
  'Biotechnology',
  'Commodities',
  'Cryptocurrency',
  'Insider Trades',
  'Cannabis',
  'Energy',
  'Alternate Energy',
  'Aerospace',
] as const;
export type NewsChannel = (typeof newsChannels)[number];

export const newsItemSchema = z.object({
  id: z.string().min(1).max(64),
  title: z.string().min(1).max(500),
  url: z.url(),
  author: z.string().max(200),
  image: z.string().max(1000).nullable(),
  updated: isoInstant,
  tickers: z.array(symbolSchema),
  channels: z.array(z.enum(newsChannels)),
});
export type UpstreamNewsItem = z.infer<typeof newsItemSchema>;

export const dailyBarSchema = z.object({
  symbol: symbolSchema,
  date: isoDate,
  open: finite.positive(),
  high: finite.positive(),
  low: finite.positive(),
  close: finite.positive(),
  volume: z.number().int().nonnegative(),
});
export type UpstreamDailyBar = z.infer<typeof dailyBarSchema>;

/**
 * A page of a cursor feed (ratings, news). Items arrive unvalidated as `unknown` so that one bad item
 * is dropped on its own; `cursor` is opaque and is handed back to get what came after.
 */
export const pageSchema = z.object({
  items: z.array(z.unknown()),
  cursor: z.string().max(200),
  more: z.boolean(),
});
export const listSchema = z.object({ items: z.array(z.unknown()) });

/** Paths of the contract over HTTP (the simulator's standalone server, port 8090). */
export const upstreamPaths = {
  status: '/v1/market/status',
  quotes: '/v1/quotes', // ?symbols=AAPL,MSFT
  ratings: '/v1/ratings', // ?since=<cursor>&limit=
  analysts: '/v1/analysts',
  companies: '/v1/companies', // ?symbols= (all when absent)
  earnings: '/v1/earnings', // ?from=YYYY-MM-DD&to=
  fundamentals: '/v1/fundamentals', // ?symbols= (all when absent)&from=YYYY-MM-DD (reported on or after)
  news: '/v1/news', // ?since=<cursor>&limit=&ticker=&channel=
  bars: '/v1/bars', // ?symbols=&from=&to=
} as const;
