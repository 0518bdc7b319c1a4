import {
  gradeOf,
  ratingHorizonTradingDays,
  ratingOutcome,
  successRate,
  type RatingOutcome,
} from '@insight/shared/analysts/performance';

/** A symbol's stored daily closes, oldest first. */
export interface CloseSeries {
  dates: string[];
  closes: number[];
}

/** A stored rating with what judging it needs. */
export interface RatingFacts {
  id: string;
  analystId: string;
  symbol: string;
  /** The sector of the rated company (ratings of companies without one are not judged). */
  sector: string;
  rating: 'buy' | 'sell';
  publishedAt: Date;
  /** The New York date of publication. */
  publishedDay: string;
  entryPrice: number;
  target: number;
}

export interface JudgedRating extends RatingFacts {
  /** The last day of the horizon (the 126th trading day after publication); null while it runs. */
  targetDate: string | null;
  outcome: RatingOutcome;
}

/** The index of the first date after `day` (dates sorted ascending). */
function firstAfter(dates: readonly string[], day: string): number {
  let low = 0;
  let high = dates.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (dates[mid]! <= day) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Judges one rating with the shared definition (`ratingOutcome`) over the stored closes: the stock's
 * closes of the trading days after the publication day, up to the horizon, and the sector ETF's closes
 * of the same days, measured from the ETF's close of the publication day (its last close on or before
 * it). The ETF's closes are matched by date; a day the ETF lacks ends them, and the rating cannot be
 * judged against its sector beyond that day.
 */
export function judgeRating(
  facts: RatingFacts,
  stock: CloseSeries | undefined,
  etf: CloseSeries | undefined,
): JudgedRating {
  const start = stock ? firstAfter(stock.dates, facts.publishedDay) : 0;
  const end = stock ? Math.min(stock.dates.length, start + ratingHorizonTradingDays) : 0;
  const closes = stock ? stock.closes.slice(start, end) : [];

  let etfEntry = 0;
  const etfCloses: number[] = [];
  if (stock && etf) {
    let at = firstAfter(etf.dates, facts.publishedDay);
    if (at > 0) {
      etfEntry = etf.closes[at - 1]!;
      for (let i = start; i < end; i++, at++) {
        const day = stock.dates[i]!;
        // Both series usually hold the same days; look further only when they part.
        if (etf.dates[at] !== day) {
          while (at < etf.dates.length && etf.dates[at]! < day) at += 1;
          if (etf.dates[at] !== day) break;
        }
        etfCloses.push(etf.closes[at]!);
      }
    }
  }
  const horizonEnded = end - start >= ratingHorizonTradingDays;

  return {
    ...facts,
    targetDate: horizonEnded ? stock!.dates[end - 1]! : null,
    outcome: ratingOutcome({
      rating: facts.rating,
      entryPrice: facts.entryPrice,
      target: facts.target,
      closes,
      etfEntry,
      etfCloses,
    }),
  };
}

/** The figures of analyst_sector_stats for a set of judged ratings. */
export interface AnalystRecord {
  ratings: number;
  decided: number;
  successes: number;
  reached: number;
  outperformed: number;
  /** 0 to 1; null while nothing is decided. */
  successRate: number | null;
  grade: number | null;
}

export function recordOf(judged: readonly JudgedRating[]): AnalystRecord {
  const outcomes = judged.map((rating) => rating.outcome);
  const rate = successRate(outcomes);
  return {
    ratings: outcomes.length,
    decided: outcomes.filter((outcome) => outcome.decided).length,
    successes: outcomes.filter((outcome) => outcome.success).length,
    reached: outcomes.filter((outcome) => outcome.reachedTarget).length,
    outperformed: outcomes.filter((outcome) => outcome.outperformed).length,
    successRate: rate,
    grade: rate === null ? null : gradeOf(rate),
  };
}
