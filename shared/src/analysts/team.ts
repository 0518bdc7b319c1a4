import { gradeOf, type RatingOutcome } from './performance';

/**
 * The analyst team of a sector: the analysts whose own past ratings in the sector earn them a place,
 * best first. A team is what an investment profile follows in a sector (spec 000 §2, the analyst
 * details dialog; spec 002 §2.3, "Building an analyst team").
 *
 * Spec 002 §9 gives the team's six parameters as 15, 3, 3, 4, 0.7, 0.6 without their meaning; spec 001
 * §9 lists the same numbers among its admin defaults as "take top 15, investment profile months 3,
 * backtest months 3, team threshold 4, min ratio 0.7, min month avg 0.6". Read against the facts we
 * have (ratings judged over a 126-trading-day horizon by `ratingOutcome`), they mean:
 *
 * | default | parameter           | meaning                                                              |
 * | ------- | ------------------- | -------------------------------------------------------------------- |
 * | 15      | `maxSize`           | a team holds the 15 best qualifying analysts at most ("take top")    |
 * | 3       | `lookbackYears`     | only ratings published in the last 3 years are judged: a record from  |
 * |         |                     | further back says little of the analyst today                        |
 * | 3       | `activeMonths`      | the analyst must have rated a stock of the sector in the last 3      |
 * |         |                     | months: a team is followed for its new ratings, so it is made of     |
 * |         |                     | analysts still covering the sector                                   |
 * | 4       | `minDecided`        | at least 4 decided ratings in the look-back ("team threshold"):      |
 * |         |                     | fewer is too little evidence to rank anyone on                       |
 * | 0.7     | `minSuccessRate`    | a success rate of at least 70% over those decided ratings ("min      |
 * |         |                     | ratio"; grade B+ and up)                                             |
 * | 0.6     | `minOutperformRate` | at least 60% of the ratings whose horizon has ended beat the sector  |
 * |         |                     | ETF: success can come from a volatile stock touching its target by   |
 * |         |                     | chance, outperformance only from reading the stock against its peers |
 *
 * Qualifying analysts rank by success rate, then outperform rate, then the number of decided ratings
 * (more evidence first), then analyst id, so a team is a pure function of the facts.
 */
export interface TeamParams {
  maxSize: number;
  lookbackYears: number;
  activeMonths: number;
  minDecided: number;
  minSuccessRate: number;
  minOutperformRate: number;
}

/** Spec 002 §9: 15, 3, 3, 4, 0.7, 0.6, in this order. */
export const analystTeamDefaults: Readonly<TeamParams> = Object.freeze({
  maxSize: 15,
  lookbackYears: 3,
  activeMonths: 3,
  minDecided: 4,
  minSuccessRate: 0.7,
  minOutperformRate: 0.6,
});

export interface TeamRating {
  /** The New York date of publication, `YYYY-MM-DD`. */
  published: string;
  outcome: RatingOutcome;
  /** Whether the rating's whole horizon has passed: only then can it have outperformed. */
  horizonEnded: boolean;
}

export interface TeamCandidate {
  analystId: string;
  /** The analyst's ratings in the sector, in any order. */
  ratings: readonly TeamRating[];
}

export interface TeamMember {
  analystId: string;
  /** 1 for the best. */
  rank: number;
  /** Over the decided ratings of the look-back, 0 to 1. */
  successRate: number;
  /** Over the ratings of the look-back whose horizon has ended, 0 to 1. */
  outperformRate: number;
  decided: number;
  /** The grade (1 to 7) of `successRate`. */
  grade: number;
}

/**
 * The team of one sector as of a day (the newest trading day of the facts), from the analysts who
 * rated the sector's stocks. Ratings published after `asOf` are ignored.
 */
export function analystTeam(
  candidates: readonly TeamCandidate[],
  asOf: string,
  params: TeamParams = analystTeamDefaults,
): TeamMember[] {
  const lookbackStart = shiftMonths(asOf, -12 * params.lookbackYears);
  const activeStart = shiftMonths(asOf, -params.activeMonths);
  const qualified: Omit<TeamMember, 'rank'>[] = [];
  for (const candidate of candidates) {
    const judged = candidate.ratings.filter(
      (rating) => rating.published > lookbackStart && rating.published <= asOf,
    );
    if (!judged.some((rating) => rating.published > activeStart)) continue;
    const decided = judged.filter((rating) => rating.outcome.decided);
    if (decided.length === 0 || decided.length < params.minDecided) continue;
    const successRate = decided.filter((rating) => rating.outcome.success).length / decided.length;
    if (successRate < params.minSuccessRate) continue;
    const ended = judged.filter((rating) => rating.horizonEnded);
    const outperformRate =
      ended.length === 0 ? 0 : ended.filter((rating) => rating.outcome.outperformed).length / ended.length;
    if (outperformRate < params.minOutperformRate) continue;
    qualified.push({
      analystId: candidate.analystId,
      successRate,
      outperformRate,
      decided: decided.length,
      grade: gradeOf(successRate),
    });
  }
  qualified.sort(
    (a, b) =>
      b.successRate - a.successRate ||
      b.outperformRate - a.outperformRate ||
      b.decided - a.decided ||
      (a.analystId < b.analystId ? -1 : a.analystId > b.analystId ? 1 : 0),
  );
  return qualified.slice(0, params.maxSize).map((member, i) => ({ ...member, rank: i + 1 }));
}

/** An ISO date moved by whole months, the day clamped to the target month's length (05-31 − 3 → 02-28/29). */
export function shiftMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const shifted = new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay)));
  return shifted.toISOString().slice(0, 10);
}
