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
  pe_ratio_12m: finite.nullable(),
  pb_ratio: finite.nullable(),
  peg_ratio: finite.nullable(),
  dividend_yield: finite.nonnegative().nullable(),
  forward_dividend: finite.nonnegative().nullable(),
  eps: finite.nullable(),
  roe: finite.nullable(),
  current_ratio: finite.nullable(),
  avg_vol_20d: finite.nonnegative().nullable(),
  description: z.string().max(5000),
  indexes: z.array(z.enum(indexNames)),
});
export type UpstreamCompany = z.infer<typeof companySchema>;

export const earningsSchema = z.object({
  symbol: symbolSchema,
  date: isoDate,
  /** Before market open or after market close. */
  session: z.enum(['bmo', 'amc']),
});
export type UpstreamEarnings = z.infer<typeof earningsSchema>;

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
  news: '/v1/news', // ?since=<cursor>&limit=&ticker=&channel=
  bars: '/v1/bars', // ?symbols=&from=&to=
} as const;
