import type { Recommendation } from '@insight/shared';
import { DateTime } from 'luxon';

/** The stock page's grade order (spec 000 §3): 0 is C+ ... 6 is A+. */
export const gradeLabels = ['C+', 'B-', 'B', 'B+', 'A-', 'A', 'A+'] as const;

export function gradeLabel(grade: number | null): string | null {
  return grade === null ? null : (gradeLabels[grade] ?? null);
}

/** The type filter of the ratings (spec 000 §2). */
export const ratingTypes = ['all', 'buy', 'sell'] as const;
export type RatingType = (typeof ratingTypes)[number];
export const ratingTypeLabels: Record<RatingType, string> = { all: 'All', buy: 'Buy', sell: 'Sell' };

export interface RatingsFilter {
  /** Calendar months back from now: 1, 2, 3, 6 or 12. */
  months: number;
  type: RatingType;
}

/**
 * The ratings published in the last `months` calendar months (from the same day `months` months
 * ago) of the chosen type, in the answer's order (newest first).
 */
export function filterRatings(
  ratings: readonly Recommendation[],
  filter: RatingsFilter,
  now: Date,
): Recommendation[] {
  const since = DateTime.fromJSDate(now).minus({ months: filter.months }).toSeconds();
  return ratings.filter(
    (rating) =>
      rating.security_created_timestamp >= since && (filter.type === 'all' || rating.rating === filter.type),
  );
}
