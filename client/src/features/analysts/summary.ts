import { gradeOf } from '@insight/shared';
import type { PastPerformanceRow } from '@insight/shared/analysts/schemas';

export interface PastPerformanceSummary {
  /** Every past rating in the sector (spec: Opportunities). */
  opportunities: number;
  /** Ratings whose outcome is known: horizon over, or target reached. */
  decided: number;
  reachedTarget: number;
  outperformed: number;
  /** 1 (C+) to 7 (A+) from the decided ratings' success rate; null with none decided. */
  grade: number | null;
}

/** The dialog's four counters from its rows (the grade as the shared analytics grade it). */
export function summarizePastPerformance(rows: readonly PastPerformanceRow[]): PastPerformanceSummary {
  const decided = rows.filter((row) => row.decided === 1);
  const successes = decided.filter((row) => row.success === 1).length;
  return {
    opportunities: rows.length,
    decided: decided.length,
    reachedTarget: rows.filter((row) => row.reached_target === 1).length,
    outperformed: rows.filter((row) => row.outperform_sector === 1).length,
    grade: decided.length === 0 ? null : gradeOf(successes / decided.length),
  };
}

/** Newest first, by the publication instant. */
export function byPublishedDescending(rows: readonly PastPerformanceRow[]): PastPerformanceRow[] {
  return [...rows].sort((a, b) => Date.parse(b.published) - Date.parse(a.published));
}
