import type { CompanyProfile, Recommendation, RecommendationsResponse, Stock } from '@insight/shared';

/** Test data of the stock page: Apple as the simulated market shows it; override what a case is about. */
export function aStock(overrides: Partial<Stock> = {}): Stock {
  return {
    symbol: 'AAPL',
    Name: 'Apple Inc.',
    comp_name_2: 'Apple',
    lastPrice: 182.71,
    dailyChange: 1.25,
    dailyChangeVal: 2.26,
    StockExchange: 'NASDAQ',
    DaysRange: '179.85 - 183.76',
    MarketCapitalization: 2_704_108_000_000,
    Volume: 158_439_873,
    avg_vol: 137_059_763,
    beta: 1.2,
    earningDate: '2027-01-25',
    pe_ratio_12m: 15.384,
    pb_ratio: 7.46,
    bid: 182.67,
    iad: 1.05,
    eps_act_fr0: 11.88,
    shares_outstanding: 14_800_000_000,
    roe: 48.5,
    sector: 'Information Technology',
    comp_desc: 'Designs and sells the iPhone, Mac, iPad and wearables.',
    security_etf: 'XLK',
    in_file: false,
    ...overrides,
  };
}

export function aCompanyProfile(overrides: Partial<CompanyProfile> = {}): CompanyProfile {
  return {
    symbol: 'AAPL',
    name: 'Apple Inc.',
    short_name: 'Apple',
    kind: 'stock',
    sector: 'Information Technology',
    sector_id: 1,
    sector_etf: 'XLK',
    industry: 'Technology Hardware, Storage & Peripherals',
    exchange: 'NASDAQ',
    description: 'Designs and sells the iPhone, Mac, iPad and wearables.',
    market_cap: 2_704_108_000_000,
    shares_outstanding: 14_800_000_000,
    beta: 1.2,
    pe_ratio_12m: 15.38,
    pb_ratio: 7.46,
    peg_ratio: 1.7,
    dividend_yield: 0.57,
    forward_dividend: 1.05,
    eps: 11.88,
    roe: 48.5,
    current_ratio: 2.59,
    avg_vol_20d: 137_059_763,
    indexes: ['S&P 500', 'NASDAQ 100'],
    universes: ['S&P500', 'NASDAQ100'],
    next_earnings: { date: '2027-01-25', session: 'amc' },
    updated: '2026-11-22T07:41:02.504Z',
    ...overrides,
  };
}

let ratingIds = 0;

/** A rating published `daysAgo` days before `now`. */
export function aRating(now: Date, daysAgo: number, overrides: Partial<Recommendation> = {}): Recommendation {
  ratingIds += 1;
  return {
    id: `r${ratingIds}`,
    rating: 'buy',
    grade: 5,
    security_created_timestamp: Math.floor(now.getTime() / 1000) - daysAgo * 86_400,
    analyst_name: `Analyst ${ratingIds}`,
    firm: 'Northbridge Capital',
    price_target: 200,
    price_when_posted: 180,
    ...overrides,
  };
}

export function aRecommendationsAnswer(
  recommendations: Recommendation[],
  overrides: Partial<RecommendationsResponse> = {},
): RecommendationsResponse {
  return { recommendations, count_buy: 0, consensus_target: null, ...overrides };
}
