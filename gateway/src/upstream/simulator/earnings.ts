import { isTradingDay, nextTradingDay } from '@insight/shared/market/calendar';
import { Random } from './random';
import type { Company } from './universe';

/**
 * When each simulated company reports each quarter, and by how much it surprises. The price paths
 * read the surprises (the stock jumps on the first session that trades on the news) and the quarters
 * read both (the reported EPS is the estimate plus the surprise), so the two stay consistent.
 */

export interface QuarterReport {
  /** The fiscal (here calendar) quarter's last day. */
  periodEnd: string;
  fiscalYear: number;
  fiscalQuarter: 1 | 2 | 3 | 4;
  /** The earnings date: a trading day some weeks after the quarter. */
  reportedOn: string;
  session: 'bmo' | 'amc';
  /** The first session whose price knows the report: the day itself before the open, else the next. */
  reactionDay: string;
  /** (reported − estimate) / |estimate|. */
  surprise: number;
  /** The log-price jump on the reaction day. */
  jump: number;
}

const quarterEnds = ['03-31', '06-30', '09-30', '12-31'] as const;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const isSmallCap = (company: Company) => company.indexes.includes('Russell 2000');

/**
 * Each company reports about the same number of days after each quarter's end (its habit), give or
 * take a few days, on a trading day, before the open or after the close. Companies beat the
 * consensus more often than they miss, small caps by wider margins; the market moves a stock by
 * about two thirds of its surprise, plus news of its own.
 */
export function quarterReport(
  company: Company,
  seed: number,
  year: number,
  quarter: 1 | 2 | 3 | 4,
): QuarterReport {
  const habit = new Random(seed, 'earnings-habit', company.ticker);
  const lag = habit.int(18, 40);
  const session: 'bmo' | 'amc' = habit.chance(0.5) ? 'bmo' : 'amc';
  const periodEnd = `${year}-${quarterEnds[quarter - 1]}`;
  const jitter = new Random(seed, 'earnings', company.ticker, periodEnd).int(-3, 3);
  let reportedOn = addDays(periodEnd, lag + jitter);
  if (!isTradingDay(reportedOn)) reportedOn = nextTradingDay(reportedOn);
  const reactionDay = session === 'bmo' ? reportedOn : nextTradingDay(reportedOn);
  const news = new Random(seed, 'surprise', company.ticker, periodEnd);
  const spread = isSmallCap(company) ? 0.09 : 0.05;
  const surprise = 0.025 + spread * news.normal();
  const jump = 0.65 * surprise + 0.02 * news.normal();
  return {
    periodEnd,
    fiscalYear: year,
    fiscalQuarter: quarter,
    reportedOn,
    session,
    reactionDay,
    surprise,
    jump,
  };
}

/** The reports of the quarters ending in the years `fromYear` to `toYear`, oldest first. */
export function quarterReports(
  company: Company,
  seed: number,
  fromYear: number,
  toYear: number,
): QuarterReport[] {
  const reports: QuarterReport[] = [];
  for (let year = fromYear; year <= toYear; year++)
    for (const quarter of [1, 2, 3, 4] as const) reports.push(quarterReport(company, seed, year, quarter));
  return reports;
}
