import { isTradingDay, previousTradingDay } from '@insight/shared/market/calendar';
import type {
  UpstreamCompany,
  UpstreamEarnings,
  UpstreamFiscalQuarter,
} from '@insight/shared/upstream/contract';
import { quarterReports } from './earnings';
import { anchorDay, type Instrument, type PricePaths } from './prices';
import { Random } from './random';
import { indexHistoryOf, type Company, type GicsSector } from './universe';

/**
 * Fundamentals and earnings dates of the simulated companies: each company's fiscal quarters as
 * reported on its earnings dates, the facts from which the gateway derives every ratio on any day.
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

const sectorMargin: Record<GicsSector, number> = {
  'Information Technology': 0.24,
  'Health Care': 0.12,
  Financials: 0.22,
  'Consumer Discretionary': 0.08,
  'Communication Services': 0.16,
  Industrials: 0.1,
  'Consumer Staples': 0.07,
  Energy: 0.1,
  Utilities: 0.13,
  'Real Estate': 0.25,
  Materials: 0.1,
};

/** A company's habits, fixed from the seed: what its quarters are built around. */
interface Profile {
  /** P/E and P/B at the anchor day's seed price. */
  pe: number;
  pb: number;
  /** Loss-making: its earnings are negative (some small caps). */
  loss: boolean;
  /** Yearly trend of earnings beyond what the price says, of book value, of the share count. */
  growth: number;
  bookGrowth: number;
  buyback: number;
  margin: number;
  currentRatio: number | null;
}

function profileOf(company: Company, seed: number): Profile {
  const random = new Random(seed, 'fundamentals', company.ticker);
  const smallCap = company.indexes.includes('Russell 2000');
  const pe = sectorPe[company.sector] * Math.exp(random.normal() * 0.3);
  const loss = smallCap && random.chance(0.15);
  const pb = sectorPb[company.sector] * Math.exp(random.normal() * 0.35);
  const growth = random.between(0.03, 0.28);
  const currentRatio = company.sector === 'Financials' ? null : random.between(0.8, 3.2);
  return {
    pe,
    pb,
    loss,
    growth,
    bookGrowth: Math.min(0.15, Math.max(0.01, (pb / pe) * 0.5)),
    buyback: random.between(-0.01, 0.03),
    margin: sectorMargin[company.sector] * random.between(0.7, 1.3),
    currentRatio,
  };
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const yearsBetween = (from: string, to: string) =>
  (Date.parse(to) - Date.parse(from)) / (365.25 * 86_400_000);
/** How much of a quarter's earnings follows the stock price (the rest follows the company's trend). */
const priceShare = 0.7;
/** The first quarter reported: the paths start with 2019. */
const firstFiscalYear = 2019;

/**
 * The quarters of a company reported up to `through` (YYYY-MM-DD), oldest first: consistent with its
 * price path (earnings follow the price at the quarter's end, so P/E drifts as a real one does, and the
 * surprise is the one the path jumped on) and with itself (net income = EPS × shares, trailing EPS =
 * the sum of four quarters, dividends stepping up once a year). At the anchor day a company's trailing
 * P/E and P/B are about its seed ones.
 */
export function fiscalQuarters(
  company: Company,
  seed: number,
  paths: PricePaths,
  through: string,
): UpstreamFiscalQuarter[] {
  const profile = profileOf(company, seed);
  const anchorEps = company.price / profile.pe / 4;
  const anchorBook = company.price / profile.pb;
  const anchorDividend = (company.dividendYield / 100) * company.price;
  const throughYear = Number(through.slice(0, 4));
  const quarters: UpstreamFiscalQuarter[] = [];
  const epsOf: number[] = [];
  for (const report of quarterReports(company, seed, firstFiscalYear, throughYear)) {
    if (report.reportedOn > through) break;
    const lastSession = isTradingDay(report.periodEnd)
      ? report.periodEnd
      : previousTradingDay(report.periodEnd);
    const years = yearsBetween(anchorDay, report.periodEnd);
    const trend =
      Math.pow(paths.close(company.ticker, lastSession) / company.price, priceShare) *
      Math.exp((1 - priceShare) * profile.growth * years);
    const estimate = (profile.loss ? -0.3 : 1) * anchorEps * trend;
    const eps = estimate + Math.abs(estimate) * report.surprise;
    const shares = company.sharesOutstanding * 1e6 * Math.exp(-profile.buyback * years);
    const noise = new Random(seed, 'quarter', company.ticker, report.periodEnd);
    epsOf.push(round(eps));
    const ttm = epsOf.length >= 4 ? round(epsOf.slice(-4).reduce((a, b) => a + b, 0)) : null;
    quarters.push({
      symbol: company.ticker,
      fiscal_year: report.fiscalYear,
      fiscal_quarter: report.fiscalQuarter,
      period_end: report.periodEnd,
      reported_on: report.reportedOn,
      session: report.session,
      eps: round(eps),
      eps_ttm: ttm,
      eps_estimate: round(estimate),
      revenue: Math.round(((Math.abs(estimate) * shares) / profile.margin) * (1 + 0.4 * report.surprise)),
      net_income: Math.round(round(eps) * shares),
      book_value_per_share: round(anchorBook * Math.exp(profile.bookGrowth * years)),
      current_ratio:
        profile.currentRatio === null ? null : round(profile.currentRatio * Math.exp(0.08 * noise.normal())),
      shares_outstanding: Math.round(shares),
      dividend_per_share: round((anchorDividend / 4) * Math.exp(0.05 * (report.fiscalYear - 2026)), 4),
    });
  }
  return quarters;
}

export function companyFacts(
  instrument: Instrument,
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
      avg_vol_20d: averageVolume20d,
      description: fund.description,
      indexes: [],
      index_history: [],
    };
  }
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
    avg_vol_20d: averageVolume20d,
    description: company.description,
    indexes: [...company.indexes],
    index_history: indexHistoryOf(company),
  };
}

/** The earnings calendar from `from` to `to`: past reports and the scheduled ones ahead. */
export function earningsDates(
  instrument: Instrument,
  seed: number,
  from: string,
  to: string,
): UpstreamEarnings[] {
  const company = instrument.company;
  if (!company) return [];
  return quarterReports(company, seed, Number(from.slice(0, 4)) - 1, Number(to.slice(0, 4)))
    .filter((report) => report.reportedOn >= from && report.reportedOn <= to)
    .map((report) => ({ symbol: company.ticker, date: report.reportedOn, session: report.session }));
}
