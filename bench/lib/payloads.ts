import type { Alert, QuoteDelta } from '@insight/shared';

/** Real tickers with plausible facts, so payloads have the size and shape of the product's. */
const companies = [
  { symbol: 'AAPL', name: 'Apple', sector: 'Information Technology', price: 227.5, cap: 3.45e12, beta: 1.21 },
  {
    symbol: 'MSFT',
    name: 'Microsoft',
    sector: 'Information Technology',
    price: 418.2,
    cap: 3.1e12,
    beta: 0.9,
  },
  { symbol: 'JPM', name: 'JPMorgan Chase', sector: 'Financials', price: 211.4, cap: 6.0e11, beta: 1.08 },
  { symbol: 'XOM', name: 'Exxon Mobil', sector: 'Energy', price: 117.9, cap: 5.2e11, beta: 0.88 },
  { symbol: 'UNH', name: 'UnitedHealth', sector: 'Health Care', price: 590.3, cap: 5.4e11, beta: 0.56 },
  {
    symbol: 'HD',
    name: 'Home Depot',
    sector: 'Consumer Discretionary',
    price: 402.1,
    cap: 4.0e11,
    beta: 1.0,
  },
  {
    symbol: 'PG',
    name: 'Procter & Gamble',
    sector: 'Consumer Staples',
    price: 168.7,
    cap: 4.0e11,
    beta: 0.42,
  },
  { symbol: 'CAT', name: 'Caterpillar', sector: 'Industrials', price: 389.0, cap: 1.9e11, beta: 1.12 },
  { symbol: 'NEE', name: 'NextEra Energy', sector: 'Utilities', price: 80.6, cap: 1.65e11, beta: 0.55 },
  { symbol: 'LIN', name: 'Linde', sector: 'Materials', price: 470.2, cap: 2.25e11, beta: 0.93 },
] as const;
const analysts = [
  ['Ann Kowalski', 'Morgan Stanley'],
  ['Brian Nakamura', 'Goldman Sachs'],
  ['Carla Mendes', 'J.P. Morgan'],
  ['David Okafor', 'Barclays'],
] as const;

/** An `alert:new` payload as the alerts feature pushes it (shared/src/alerts/schemas.ts). */
export function benchAlert(id: number): Alert {
  const company = companies[id % companies.length]!;
  const [analyst, firm] = analysts[id % analysts.length]!;
  const target = Math.round(company.price * 1.15 * 100) / 100;
  return {
    id,
    type: 1014,
    rating: 'buy',
    symbol: company.symbol,
    time: Math.floor(Date.now() / 1000),
    analyst_name: analyst,
    success_rate: 63.42,
    price_target: target,
    sector_name: company.sector,
    company_name_2: company.name,
    rate: 6,
    earning_date: '2025-01-28',
    market_cap: company.cap,
    mc_index: 1 + (id % 500),
    beta: company.beta,
    upside: Math.round(((target - company.price) / company.price) * 10_000) / 100,
    pe_ratio_12m: 28.4,
    universes: ['S&P 500', 'Nasdaq 100'],
    rating_id: `r-${(1_000_000 + id).toString(36)}`,
    firm,
    price_when_posted: Math.round(company.price * 0.97 * 100) / 100,
    last_price: company.price,
  };
}

/** A `quotes` batch of the ten symbols above, as one ingestion cycle pushes it to a socket. */
export function quotesBatch(seed = 0): Record<string, QuoteDelta> {
  return Object.fromEntries(
    companies.map((company, i) => [
      company.symbol,
      {
        lastPrice: Math.round(company.price * (1 + ((seed + i) % 7) / 1000) * 100) / 100,
        dailyChange: Math.round((((seed * 3 + i) % 11) - 5) * 13.7) / 100,
      },
    ]),
  );
}
