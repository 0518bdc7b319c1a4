/**
 * A company's fundamentals on a day, from its reported quarters: the one function behind every P/E,
 * P/B, ROE, EPS, EPS growth, dividend yield and current ratio the product shows (stock page, feed,
 * scanner and its rank dialog, Market Data report, backtests, profile screeners).
 *
 * **Point in time.** A quarter counts from its report date (`reportedOn`, the day the market learned
 * it) on: a figure asked for a day uses only the quarters reported on or before that day, and the
 * day's close. Ratios are rounded here, once, so every screen shows the same digits.
 */

export interface ReportedQuarter {
  /** The fiscal quarter's last day, YYYY-MM-DD. */
  periodEnd: string;
  /** The day it was reported, YYYY-MM-DD. */
  reportedOn: string;
  /** EPS of the quarter. */
  eps: number;
  /** EPS of the four quarters to this one, as the source states it (used with fewer than four known). */
  epsTtm: number | null;
  revenue: number | null;
  netIncome: number | null;
  bookValuePerShare: number | null;
  currentRatio: number | null;
  sharesOutstanding: number | null;
  dividendPerShare: number | null;
}

export interface FundamentalFigures {
  /** The newest quarter known on the day: its period end and report date. */
  quarterEnd: string;
  reportedOn: string;
  /** Trailing twelve months' EPS, $. */
  eps: number | null;
  /** The newest quarter's EPS, $. */
  epsQuarter: number;
  /** Price over trailing EPS; null when that EPS is not positive. */
  pe: number | null;
  /** Price over book value per share; null without a positive book. */
  pb: number | null;
  /** Trailing EPS over book value per share, %. */
  roe: number | null;
  currentRatio: number | null;
  /** Trailing EPS against the trailing EPS a year before, %; null unless both are known and the earlier positive. */
  epsGrowth: number | null;
  /** P/E over EPS growth (in %); null unless both are positive. */
  peg: number | null;
  /** Dividends of the last four quarters over the price, %. */
  dividendYield: number | null;
  /** The newest quarter's dividend a year ahead (× 4), $. */
  forwardDividend: number | null;
  sharesOutstanding: number | null;
  /** Revenue of the last four quarters, $; null with fewer than four known. */
  revenueTtm: number | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const finiteOrNull = (value: number) => (Number.isFinite(value) ? round2(value) : null);

/** How many of the quarters (ascending by report date) were reported on or before `day`. */
export function quartersKnownOn(quarters: readonly ReportedQuarter[], day: string): number {
  let low = 0;
  let high = quarters.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (quarters[mid]!.reportedOn <= day) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The sum of `field` over the four quarters ending at index `last`; null when fewer or one unknown. */
function sumOfFour(
  quarters: readonly ReportedQuarter[],
  last: number,
  field: 'eps' | 'revenue' | 'dividendPerShare',
): number | null {
  if (last < 3) return null;
  let sum = 0;
  for (let i = last - 3; i <= last; i++) {
    const value = quarters[i]![field];
    if (value === null) return null;
    sum += value;
  }
  return sum;
}

/**
 * The figures of a company on `day` at the price `close` (that day's close, or the last one before
 * it); null when no quarter was reported by then. `quarters` ascending by report date.
 */
export function fundamentalsOn(
  quarters: readonly ReportedQuarter[],
  day: string,
  close: number | null,
): FundamentalFigures | null {
  const known = quartersKnownOn(quarters, day);
  if (known === 0) return null;
  const last = known - 1;
  const latest = quarters[last]!;
  const eps = sumOfFour(quarters, last, 'eps') ?? latest.epsTtm;
  const yearBefore = sumOfFour(quarters, last - 4, 'eps');
  const price = close !== null && close > 0 ? close : null;
  const book = latest.bookValuePerShare;
  const pe = price !== null && eps !== null && eps > 0 ? finiteOrNull(price / eps) : null;
  const epsGrowth =
    eps !== null && yearBefore !== null && yearBefore > 0 ? finiteOrNull((eps / yearBefore - 1) * 100) : null;
  const dividends = sumOfFour(quarters, last, 'dividendPerShare');
  return {
    quarterEnd: latest.periodEnd,
    reportedOn: latest.reportedOn,
    eps: eps === null ? null : round2(eps),
    epsQuarter: round2(latest.eps),
    pe,
    pb: price !== null && book !== null && book > 0 ? finiteOrNull(price / book) : null,
    roe: eps !== null && book !== null && book > 0 ? finiteOrNull((eps / book) * 100) : null,
    currentRatio: latest.currentRatio === null ? null : round2(latest.currentRatio),
    epsGrowth,
    peg: pe !== null && epsGrowth !== null && epsGrowth > 0 ? finiteOrNull(pe / epsGrowth) : null,
    dividendYield: price !== null && dividends !== null ? finiteOrNull((dividends / price) * 100) : null,
    forwardDividend: latest.dividendPerShare === null ? null : round2(latest.dividendPerShare * 4),
    sharesOutstanding: latest.sharesOutstanding,
    revenueTtm: sumOfFour(quarters, last, 'revenue'),
  };
}
