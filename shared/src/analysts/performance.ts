/**
 * How an analyst's past ratings are judged, from the facts alone (spec 000 §3: the analyst
 * past-performance row and grades C+ to A+).
 *
 * A rating is followed over its horizon, the 126 trading days (about six months) after it was
 * published:
 * - it **reached its target** when, for a buy, a daily close at or above the target occurred within
 *   the horizon (for a sell, a close at or below it);
 * - it **outperformed** when, over the whole horizon, the stock did better than its sector's ETF in
 *   the rating's direction (a buy: the stock's return above the ETF's; a sell: below it);
 * - it is a **success** when either holds.
 * A rating whose horizon has not ended yet counts as a success once it has reached its target, and
 * is otherwise still open: it enters no rate.
 */
export const ratingHorizonTradingDays = 126;

export interface RatingOutcomeInput {
  rating: 'buy' | 'sell';
  entryPrice: number;
  target: number;
  /** The stock's daily closes after publication, oldest first, at most the horizon. */
  closes: readonly number[];
  /** The sector ETF's close when the rating was published, and its closes over the same days. */
  etfEntry: number;
  etfCloses: readonly number[];
}

export interface RatingOutcome {
  reachedTarget: boolean;
  outperformed: boolean;
  success: boolean;
  /** False while the horizon is still running and the target has not been reached. */
  decided: boolean;
}

export function ratingOutcome(input: RatingOutcomeInput): RatingOutcome {
  const closes = input.closes.slice(0, ratingHorizonTradingDays);
  const reachedTarget = closes.some((close) =>
    input.rating === 'buy' ? close >= input.target : close <= input.target,
  );
  const complete = closes.length >= ratingHorizonTradingDays && input.etfCloses.length >= closes.length;
  let outperformed = false;
  if (complete) {
    const stockReturn = closes[closes.length - 1]! / input.entryPrice - 1;
    const etfReturn = input.etfCloses[closes.length - 1]! / input.etfEntry - 1;
    outperformed = input.rating === 'buy' ? stockReturn > etfReturn : stockReturn < etfReturn;
  }
  return {
    reachedTarget,
    outperformed,
    success: reachedTarget || outperformed,
    decided: complete || reachedTarget,
  };
}

/** The share of decided ratings that succeeded, or null with none decided. */
export function successRate(outcomes: readonly RatingOutcome[]): number | null {
  const decided = outcomes.filter((outcome) => outcome.decided);
  if (decided.length === 0) return null;
  return decided.filter((outcome) => outcome.success).length / decided.length;
}

/** Grade values of spec 000 §3: C+ = 1 … A+ = 7. */
export const gradeLabels = ['C+', 'B-', 'B', 'B+', 'A-', 'A', 'A+'] as const;
export type GradeLabel = (typeof gradeLabels)[number];

/**
 * The lowest success rate of each grade from B- up. A coin-flipping analyst lands around B- / B
 * (either condition of success can hold by chance); A+ needs four calls in five to work out.
 */
export const gradeFloors = [0.4, 0.5, 0.58, 0.65, 0.72, 0.8] as const;

/** The grade (1 to 7) of a success rate. */
export function gradeOf(rate: number): number {
  let grade = 1;
  for (const floor of gradeFloors) if (rate >= floor) grade += 1;
  return grade;
}

export function gradeLabel(grade: number): GradeLabel {
  return gradeLabels[Math.min(7, Math.max(1, Math.round(grade))) - 1]!;
}
