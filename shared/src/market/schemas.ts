import { z } from 'zod';
import { newsChannels, type indexNames } from '../upstream/contract';

/**
 * The market reads of the spec (000 §7, 002 §7.5-7.7): quotes, market status, stock data, company
 * profile, symbol search, news, the symbol-to-ETF chart and the universes. Paths, inputs and answers
 * are written here once; the gateway validates and serialises with them, the client types its calls.
 */

export const marketApi = {
  quotes: '/api/finance/quotes',
  isMarketOpen: '/api/finance/is_market_open',
  symbolAndLast: '/api/finance/get_symbol_and_last/:symbol',
  findSymbol: '/api/finance/find_symbol_search/:text/:limit/:offset',
  fetchStock: '/api/finance/fetch_stock/:symbol',
  companyProfile: '/api/finance/get_company_profile/:symbol',
  newsForStock: '/api/finance/get_news_for_stock/:symbol',
  topNews: '/api/finance/get_top_news',
  topNewsQm: '/api/finance/get_top_news_qm',
  channelsNewsQm: '/api/finance/get_channels_news_qm',
  newsByTickersQm: '/api/finance/get_news_by_tickers_qm',
  symbolToEtfChart: '/api/finance/get_symbol_2_etf_chart/:symbol/:etf/:start',
  recommendations: '/api/finance/get_last_symbol_recommendations/:symbol/:flag',
  /** Beyond the spec's calls: the stock page's price chart (in place of the third-party widget). */
  priceHistory: '/api/stocks/:symbol/history/:range',
  /** GET: the symbol's score history (spec 000 §7 symbols/historyScore), for the scanner's rank dialog. */
  historyScore: '/api/symbols/historyScore/:symbol',
} as const;

/**
 * GET symbols/historyScore/{symbol}: one point per calendar month (New York) of the last 12, oldest
 * first, from the stored ratings published that month: `score` is the percent of them that were
 * buys (0 to 100, 2 decimals; null in a month without ratings), with the counts it comes from.
 */
export const scoreHistoryResponseSchema = z.object({
  symbol: z.string(),
  history: z.array(
    z.object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      score: z.number().nullable(),
      buys: z.number().int(),
      sells: z.number().int(),
    }),
  ),
});
export type ScoreHistoryResponse = z.infer<typeof scoreHistoryResponseSchema>;
export const scoreHistoryMonths = 12;

export const universesApi = {
  list: '/api/universes',
  one: '/api/universes/:id',
} as const;

/** Fills the `:name` segments of a path pattern, encoding each value: `apiPath(marketApi.fetchStock, {symbol})`. */
export function apiPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:([a-z_]+)/gi, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath: no value for :${name} in ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

/** User-facing texts of the stock page and the market calls (spec 000 §8), written once. */
export const marketMessages = {
  noSymbol: 'No symbol provided',
  stockOrCompanyFailed: 'Failed to get stock/company data',
  stockFailed: 'Failed to get stock data',
  profileFailed: 'Failed to get company profile',
  unknownSymbol: (symbol: string) => `Unknown symbol: ${symbol}`,
  noPrice: (symbol: string) => `No price for ${symbol} yet`,
  universeNotFound: 'Universe not found',
} as const;

export const marketLimits = {
  symbolMax: 10,
  quotesMax: 500,
  searchMax: 10,
  searchTextMax: 50,
  newsPageSizeMax: 50,
  /** get_top_news without a page_size (spec 000 §9). */
  topNewsPageSize: 4,
  /** The news page and the *_qm calls (spec 002 §7.7, §9). */
  newsPageSize: 20,
  /** get_news_for_stock (spec 000 §2). */
  stockNewsCount: 20,
  newsTickersMax: 500,
  newsPageMax: 10_000,
  universeNameMax: 50,
} as const;

// ---- inputs ----

/** A ticker as typed: trimmed, upper-cased, 1 to 10 of A-Z 0-9 . - */
export const tickerField = z
  .string({ error: 'a symbol is required' })
  .trim()
  .toUpperCase()
  .min(1, { error: marketMessages.noSymbol })
  .max(marketLimits.symbolMax, { error: `a symbol is at most ${marketLimits.symbolMax} characters` })
  .regex(/^[A-Z0-9.-]+$/, { error: 'a symbol is letters, digits, dots or dashes' });

export const symbolParamsSchema = z.object({ symbol: tickerField });

/** POST finance/quotes `{data: {symbols}}`. */
export const quotesBodySchema = z.object({
  data: z.object({
    symbols: z
      .array(tickerField)
      .min(1, { error: 'symbols: at least one symbol is required' })
      .max(marketLimits.quotesMax, { error: `symbols: at most ${marketLimits.quotesMax} symbols` }),
  }),
});
export type QuotesBody = z.infer<typeof quotesBodySchema>;

/** POST finance/is_market_open `{data: {format}}`; the body may be absent. `format` is accepted and unused. */
export const isMarketOpenBodySchema = z
  .object({ data: z.object({ format: z.string().max(40).optional() }).optional() })
  .nullish();

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be at least ${min}` })
    .max(max, { error: `${label} must be at most ${max}` });

/**
 * GET finance/find_symbol_search/{text}/{limit}/{offset}. `limit` above 10 is accepted and capped
 * at 10 (spec 000 §5: up to 10 results).
 */
export const findSymbolParamsSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, { error: 'search text is required' })
    .max(marketLimits.searchTextMax, {
      error: `search text is at most ${marketLimits.searchTextMax} characters`,
    }),
  limit: wholeNumber('limit', 1, 1000).transform((limit) => Math.min(limit, marketLimits.searchMax)),
  offset: wholeNumber('offset', 0, 10_000),
});

const pageSize = (fallback: number) =>
  z
    .number({ error: 'page_size must be a whole number' })
    .int({ error: 'page_size must be a whole number' })
    .min(1, { error: 'page_size must be at least 1' })
    .max(marketLimits.newsPageSizeMax, { error: `page_size must be at most ${marketLimits.newsPageSizeMax}` })
    .default(fallback);

/** A 0-based page number: page 2 of size 20 starts at the 41st item. */
const page = z
  .number({ error: 'page must be a whole number' })
  .int({ error: 'page must be a whole number' })
  .min(0, { error: 'page must be at least 0' })
  .max(marketLimits.newsPageMax, { error: `page must be at most ${marketLimits.newsPageMax}` })
  .default(0);

/** POST finance/get_top_news `{page_size}` (default 4). */
export const topNewsBodySchema = z.object({ page_size: pageSize(marketLimits.topNewsPageSize) });

/** POST finance/get_top_news_qm `{page_size, page}` (default 20, 0). */
export const topNewsQmBodySchema = z.object({ page_size: pageSize(marketLimits.newsPageSize), page });

export const newsChannelField = z.enum(newsChannels, {
  error: `a channel is one of: ${newsChannels.join(', ')}`,
});

/** POST finance/get_channels_news_qm `{page_size, page, channels}`: items of any of the channels. */
export const channelsNewsBodySchema = z.object({
  page_size: pageSize(marketLimits.newsPageSize),
  page,
  channels: z
    .array(newsChannelField)
    .min(1, { error: 'channels: at least one channel is required' })
    .max(newsChannels.length),
});

/** POST finance/get_news_by_tickers_qm `{page_size, page, tickers}`: items about any of the tickers. */
export const tickersNewsBodySchema = z.object({
  page_size: pageSize(marketLimits.newsPageSize),
  page,
  tickers: z
    .array(tickerField)
    .min(1, { error: 'tickers: at least one ticker is required' })
    .max(marketLimits.newsTickersMax, { error: `tickers: at most ${marketLimits.newsTickersMax} tickers` }),
});

/** GET finance/get_symbol_2_etf_chart/{symbol}/{etf}/{start}, start as YYYY-MM-DD. */
export const symbolToEtfParamsSchema = z.object({
  symbol: tickerField,
  etf: tickerField,
  start: z.iso.date({ error: 'start must be a date as YYYY-MM-DD' }),
});

export const universeIdParamsSchema = z.object({ id: wholeNumber('id', 1, 2_147_483_647) });

// ---- answers ----

const money = z.number();
const maybe = z.number().nullable();

/** One quote of finance/quotes. dailyChange is a percent, dailyChangeVal USD; `at` ISO 8601. */
export const quoteSchema = z.object({
  lastPrice: money,
  dailyChange: z.number(),
  dailyChangeVal: z.number(),
  volume: z.number().int(),
  bid: money,
  dayLow: money,
  dayHigh: money,
  at: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** finance/quotes: keyed by upper-case symbol; symbols without a quote are absent. */
export const quotesResponseSchema = z.record(z.string(), quoteSchema);
export type QuotesResponse = z.infer<typeof quotesResponseSchema>;

export const marketOpenResponseSchema = z.object({ is_market_open: z.boolean().nullable() });

/** finance/get_symbol_and_last: the last traded price (the last close when no quote is stored). */
export const symbolAndLastResponseSchema = z.object({ symbol: z.string(), price: z.number() });

/**
 * One search hit. `alias` is the company's short name: its name without the legal suffix and
 * class note ("Apple Inc." → "Apple", "Alphabet Inc. (Class A)" → "Alphabet").
 */
export const symbolHitSchema = z.object({ symbol: z.string(), company: z.string(), alias: z.string() });
export type SymbolHit = z.infer<typeof symbolHitSchema>;
/** Exact symbol first, then symbols that start with the text, then company names with a word that does. */
export const findSymbolResponseSchema = z.array(symbolHitSchema);

/**
 * The Stock of spec 000 §3 (fetch_stock). Missing figures are null (the page shows 'N/A').
 * - Name: the company's name; comp_name_2: its short name (as the search's alias).
 * - dailyChange: percent; dailyChangeVal: USD; DaysRange: "low - high" with 2 decimals.
 * - MarketCapitalization: USD, shares outstanding × last price (the stored figure when either is missing).
 * - avg_vol: 20-day average volume; iad: forward annual dividend per share, USD; eps_act_fr0: trailing EPS;
 *   roe: percent.
 * - earningDate: the next earnings date on or after today (New York), YYYY-MM-DD.
 * - security_etf: the SPDR ETF of the company's sector.
 * - in_file: whether the caller's file holds the symbol open (as `file/get_is_symbol_in_file/{symbol}`).
 */
export const stockSchema = z.object({
  symbol: z.string(),
  Name: z.string(),
  comp_name_2: z.string(),
  lastPrice: maybe,
  dailyChange: maybe,
  dailyChangeVal: maybe,
  StockExchange: z.string(),
  DaysRange: z.string().nullable(),
  MarketCapitalization: maybe,
  Volume: maybe,
  avg_vol: maybe,
  beta: maybe,
  earningDate: z.string().nullable(),
  pe_ratio_12m: maybe,
  pb_ratio: maybe,
  bid: maybe,
  iad: maybe,
  eps_act_fr0: maybe,
  shares_outstanding: maybe,
  roe: maybe,
  sector: z.string().nullable(),
  comp_desc: z.string(),
  security_etf: z.string().nullable(),
  in_file: z.boolean(),
});
export type Stock = z.infer<typeof stockSchema>;

/**
 * finance/get_company_profile (its shape is not shown by the spec). Money in USD, yields and roe in
 * percent; `indexes` as the index providers name them, `universes` the built-in universes the company
 * belongs to; `next_earnings` on or after today; `updated` is when its reference data was last stored.
 */
export const companyProfileSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  short_name: z.string(),
  kind: z.enum(['stock', 'etf']),
  sector: z.string().nullable(),
  sector_id: z.number().int().nullable(),
  sector_etf: z.string().nullable(),
  industry: z.string().nullable(),
  exchange: z.string(),
  description: z.string(),
  market_cap: maybe,
  shares_outstanding: maybe,
  beta: maybe,
  pe_ratio_12m: maybe,
  pb_ratio: maybe,
  peg_ratio: maybe,
  dividend_yield: maybe,
  forward_dividend: maybe,
  eps: maybe,
  roe: maybe,
  current_ratio: maybe,
  avg_vol_20d: maybe,
  indexes: z.array(z.string()),
  universes: z.array(z.string()),
  next_earnings: z.object({ date: z.string(), session: z.enum(['bmo', 'amc']) }).nullable(),
  updated: z.string(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

/** A News item of spec 000 §3: `updated` is ISO 8601; `image` is null when the item has none. */
export const newsItemSchema = z.object({
  title: z.string(),
  url: z.string(),
  updated: z.string(),
  author: z.string(),
  image: z.string().nullable(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/** Every news call answers `{news: [...]}`, newest first. */
export const newsResponseSchema = z.object({ news: z.array(newsItemSchema) });
export type NewsResponse = z.infer<typeof newsResponseSchema>;

/** One trading day of the symbol-to-ETF chart; the percents are changes since the first point, 2 decimals. */
export const chartPointSchema = z.object({
  date: z.string(),
  symbol_close: z.number(),
  etf_close: z.number(),
  symbol_pct: z.number(),
  etf_pct: z.number(),
});
/**
 * finance/get_symbol_2_etf_chart: the days both have a close from `start` on. With fewer than two
 * such days `points` is empty, and the client shows its no-data message.
 */
export const symbolToEtfChartSchema = z.object({
  symbol: z.string(),
  etf: z.string(),
  points: z.array(chartPointSchema),
  /**
   * The same series as the portfolio chart answers them (spec 001 §3 Chart data): labels
   * (YYYY-MM-DD), one dataset per symbol of percent change since the first day, and `first`, the
   * first day with both closes (the start asked when there is none).
   */
  chart_data: z.object({
    labels: z.array(z.string()),
    datasets: z.array(z.object({ label: z.string(), data: z.array(z.number().nullable()) })),
  }),
  first: z.string(),
});
export type SymbolToEtfChart = z.infer<typeof symbolToEtfChartSchema>;

// ---- universes (spec 002 §3, §7.5) ----

/**
 * The built-in universes, kept from the companies' index memberships. Their names are reserved:
 * no import or user universe may take one (compared without spaces and case). `members` is how many
 * securities the real index holds (`approximate` for the Russell indexes, whose count moves), so that
 * a universe holding fewer says it is a sample; `holds` says what the index is made of.
 */
export const systemUniverses = [
  { name: 'S&P500', index: 'S&P 500', members: 503, approximate: false, holds: 'large US companies' },
  {
    name: 'S&P100',
    index: 'S&P 100',
    members: 101,
    approximate: false,
    holds: 'the largest S&P 500 companies',
  },
  {
    name: 'NASDAQ100',
    index: 'NASDAQ 100',
    members: 101,
    approximate: false,
    holds: 'the largest non-financial companies listed on Nasdaq',
  },
  {
    name: 'RUSSELL1000',
    index: 'Russell 1000',
    members: 1000,
    approximate: true,
    holds: 'US large and mid caps',
  },
  { name: 'RUSSELL2000', index: 'Russell 2000', members: 2000, approximate: true, holds: 'US small caps' },
] as const satisfies readonly {
  name: string;
  index: (typeof indexNames)[number];
  members: number;
  approximate: boolean;
  holds: string;
}[];
export type SystemUniverse = (typeof systemUniverses)[number];

/**
 * What a built-in universe holding `held` symbols is: the whole index, as of `asOf` (YYYY-MM-DD, the
 * day of its newest known membership change) when known, or a sample of it. "The S&P 500: all 503
 * members as of August 5, 2026 (large US companies)."; "A sample of the Russell 2000: 152 of its about
 * 2,000 members (US small caps)."
 */
export function describeSystemUniverse(universe: SystemUniverse, held: number, asOf: string | null): string {
  if (held === 0) return `The ${universe.index} (${universe.holds}); its members come with the market data.`;
  if (held >= universe.members) {
    const day = asOf === null ? '' : ` as of ${longDay(asOf)}`;
    return `The ${universe.index}: all ${held.toLocaleString('en-US')} members${day} (${universe.holds}).`;
  }
  const size = `${universe.approximate ? 'about ' : ''}${universe.members.toLocaleString('en-US')}`;
  return `A sample of the ${universe.index}: ${held.toLocaleString('en-US')} of its ${size} members (${universe.holds}).`;
}

/** "2026-08-05" as "August 5, 2026". */
const longDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** True when `name` is a built-in universe's name, however spaced or cased ("s&p 500"). */
export function isReservedUniverseName(name: string): boolean {
  const key = (value: string) => value.replace(/\s+/g, '').toUpperCase();
  return systemUniverses.some((universe) => key(universe.name) === key(name));
}

/**
 * A row of GET /api/universes; `updated` (ISO 8601) is when its symbol list last changed. `description`
 * (not in the spec) says what a built-in universe holds: the whole index or a sample of it; null for
 * the others.
 */
export const universeSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  system: z.boolean(),
  updated: z.string(),
  tickers_count: z.number().int(),
  description: z.string().nullable().default(null),
});
export type UniverseSummary = z.infer<typeof universeSummarySchema>;

/** GET /api/universes: the built-in universes first (S&P500 leads), then other system ones, then the caller's. */
export const universeListSchema = z.array(universeSummarySchema);

/** GET /api/universes/{id}: tickers sorted. */
export const universeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  system: z.boolean(),
  updated: z.string(),
  tickers: z.array(z.string()),
});
export type Universe = z.infer<typeof universeSchema>;

// ---- the stock page's ratings and chart ----

/** GET finance/get_last_symbol_recommendations/{symbol}/1: `flag` is accepted as the spec sends it. */
export const recommendationsParamsSchema = z.object({
  symbol: tickerField,
  flag: z.string().max(10),
});

/** How far back the stock page's ratings go; the page's time filter narrows it (1, 2, 3, 6, 12 months). */
export const recommendationMonths = [1, 2, 3, 6, 12] as const;
export const defaultRecommendationMonths = 3;

/**
 * A Recommendation of spec 000 §3: one analyst's rating of the symbol in the last 12 months, newest
 * first. `grade` is in the stock page's order (A+ 6 ... C+ 0: the analyst's grade in the sector less
 * one), null when the analyst has no decided record there.
 */
export const recommendationSchema = z.object({
  id: z.string(),
  rating: z.enum(['buy', 'sell']),
  grade: z.number().int().min(0).max(6).nullable(),
  /** Unix seconds. */
  security_created_timestamp: z.number().int(),
  analyst_name: z.string(),
  firm: z.string(),
  price_target: z.number(),
  price_when_posted: z.number(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

/**
 * `count_buy`: the consensus, buys over the last 3 months. `consensus_target`: the recency-weighted
 * target of the last 3 months in USD (shared `consensusTarget`), null with no rating in that time.
 */
export const recommendationsResponseSchema = z.object({
  recommendations: z.array(recommendationSchema),
  count_buy: z.number().int(),
  consensus_target: z.number().nullable(),
});
export type RecommendationsResponse = z.infer<typeof recommendationsResponseSchema>;

/** The price chart's range buttons. */
export const priceRanges = ['1M', '3M', '6M', 'YTD', '1Y', '5Y'] as const;
export type PriceRange = (typeof priceRanges)[number];
export const priceHistoryParamsSchema = z.object({
  symbol: tickerField,
  range: z.enum(priceRanges, { error: `range is one of: ${priceRanges.join(', ')}` }),
});
/** Daily closes of the range, oldest first (dates YYYY-MM-DD, New York trading days). */
export const priceHistoryResponseSchema = z.object({
  symbol: z.string(),
  range: z.enum(priceRanges),
  points: z.array(z.object({ date: z.string(), close: z.number() })),
});
export type PriceHistoryResponse = z.infer<typeof priceHistoryResponseSchema>;
