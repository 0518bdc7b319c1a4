import { isTradingDay, nextTradingDay } from '@insight/shared/market/calendar';
import type { UpstreamCompany, UpstreamEarnings } from '@insight/shared/upstream/contract';
import { Random } from './random';
import type { Instrument } from './prices';
import type { GicsSector } from './universe';

/**
 * Fundamentals and earnings dates of the simulated companies. Per-share facts (earnings, book value,
 * dividend) are fixed per company from the seed and its seed price; ratios then move with the price,
 * as they do in a real market between reports.
 */
const sectorPe: Record<GicsSector, number> = {
  'Information Technology': 30,
  'Health Care': 22,
  Financials: 14,
  'Consumer Discretionary': 24,
  'Communication Services': 20,
  Industrials: 22,
  'Consumer Staples': 21,
  Energy: 12,
  Utilities: 18,
  'Real Estate': 35,
  Materials: 18,
};
const sectorPb: Record<GicsSector, number> = {
  'Information Technology': 9,
  'Health Care': 4.5,
  Financials: 1.6,
  'Consumer Discretionary': 6,
  'Communication Services': 3.5,
  Industrials: 5,
  'Consumer Staples': 5,
  Energy: 2,
  Utilities: 2,
  'Real Estate': 2.2,
  Materials: 2.8,
};

export interface PerShare {
  eps: number;
  bookValue: number;
  growth: number;
  currentRatio: number | null;
}

export function perShareOf(instrument: Instrument, seed: number): PerShare | null {
  const company = instrument.company;
  if (!company) return null;
  const random = new Random(seed, 'fundamentals', company.ticker);
  const smallCap = company.indexes.includes('Russell 2000');
  const pe = sectorPe[company.sector] * Math.exp(random.normal() * 0.3);
  const loss = smallCap && random.chance(0.15);
  const eps = (loss ? -0.3 : 1) * (company.price / pe);
  const pb = sectorPb[company.sector] * Math.exp(random.normal() * 0.35);
  return {
    eps,
    bookValue: company.price / pb,
    growth: random.between(3, 28),
    currentRatio: company.sector === 'Financials' ? null : random.between(0.8, 3.2),
  };
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export function companyFacts(
  instrument: Instrument,
  seed: number,
  price: number,
  averageVolume20d: number | null,
): UpstreamCompany {
  const company = instrument.company;
  if (!company) {
    const fund = instrument.fund!;
    return {
      symbol: fund.ticker,
      name: fund.name,
      kind: 'etf',
      sector: fund.sector,
      industry: null,
      exchange: 'NYSE Arca',
      market_cap: null,
      shares_outstanding: null,
      beta: fund.sector ? null : 1,
      pe_ratio_12m: null,
      pb_ratio: null,
      peg_ratio: null,
      dividend_yield: null,
      forward_dividend: null,
      eps: null,
      roe: null,
      current_ratio: null,
      avg_vol_20d: averageVolume20d,
      description: fund.description,
      indexes: [],
    };
  }
  const facts = perShareOf(instrument, seed)!;
  const pe = facts.eps > 0 ? price / facts.eps : null;
  const dividend = (company.dividendYield / 100) * company.price;
  return {
    symbol: company.ticker,
    name: company.name,
    kind: 'stock',
    sector: company.sector,
    industry: company.industry,
    exchange: company.exchange,
    market_cap: Math.round(price * company.sharesOutstanding * 1e6),
    shares_outstanding: Math.round(company.sharesOutstanding * 1e6),
    beta: company.beta,
    pe_ratio_12m: pe === null ? null : round(pe),
    pb_ratio: round(price / facts.bookValue),
    peg_ratio: pe === null ? null : round(pe / facts.growth),
    dividend_yield: round((dividend / price) * 100),
    forward_dividend: round(dividend),
    eps: round(facts.eps),
    roe: round((facts.eps / facts.bookValue) * 100),
    current_ratio: facts.currentRatio === null ? null : round(facts.currentRatio),
    avg_vol_20d: averageVolume20d,
    description: company.description,
    indexes: [...company.indexes],
  };
}

/**
 * Quarterly report dates: each company reports about the same number of days after each quarter's
 * end (its habit), give or take a few days, on a trading day, before the open or after the close.
 */
export function earningsDates(
  instrument: Instrument,
  seed: number,
  from: string,
  to: string,
): UpstreamEarnings[] {
  const company = instrument.company;
  if (!company) return [];
  const habit = new Random(seed, 'earnings-habit', company.ticker);
  const lag = habit.int(18, 40);
  const session: 'bmo' | 'amc' = habit.chance(0.5) ? 'bmo' : 'amc';
  const dates: UpstreamEarnings[] = [];
  const fromYear = Number(from.slice(0, 4)) - 1;
  const toYear = Number(to.slice(0, 4));
  for (let year = fromYear; year <= toYear; year++) {
    for (const quarterEnd of [`${year}-03-31`, `${year}-06-30`, `${year}-09-30`, `${year}-12-31`]) {
      const jitter = new Random(seed, 'earnings', company.ticker, quarterEnd).int(-3, 3);
      const d = new Date(`${quarterEnd}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + lag + jitter);
      let date = d.toISOString().slice(0, 10);
      if (!isTradingDay(date)) date = nextTradingDay(date);
      if (date >= from && date <= to) dates.push({ symbol: company.ticker, date, session });
    }
  }
  return dates;
}
