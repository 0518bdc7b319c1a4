/**
 * The stock page's consensus (spec 000 §2): the count of buys over the last 3 months, and the
 * recency-weighted target price. Each rating of the last 3 months weighs 2^(−age / half-life), with a
 * half-life of 30 days: a target set today counts twice one set a month ago, four times one set two
 * months ago. Sells count with their own targets: a target is where the analyst sees the price.
 */
export const consensusWindowDays = 91;
export const consensusHalfLifeDays = 30;

export interface RatedTarget {
  rating: 'buy' | 'sell';
  price_target: number;
  /** Unix seconds. */
  security_created_timestamp: number;
}

const ageInDays = (rating: RatedTarget, now: Date) =>
  (now.getTime() / 1000 - rating.security_created_timestamp) / 86_400;

/** The ratings that count for the consensus: published in the last 3 months (and not in the future). */
export function inConsensusWindow<T extends RatedTarget>(ratings: readonly T[], now: Date): T[] {
  return ratings.filter((rating) => {
    const age = ageInDays(rating, now);
    return age >= 0 && age <= consensusWindowDays;
  });
}

export function consensusBuys(ratings: readonly RatedTarget[], now: Date): number {
  return inConsensusWindow(ratings, now).filter((rating) => rating.rating === 'buy').length;
}

/** The recency-weighted mean target, to the cent; null with no rating in the window. */
export function consensusTarget(ratings: readonly RatedTarget[], now: Date): number | null {
  let weighted = 0;
  let weights = 0;
  for (const rating of inConsensusWindow(ratings, now)) {
    const weight = 2 ** (-ageInDays(rating, now) / consensusHalfLifeDays);
    weighted += weight * rating.price_target;
    weights += weight;
  }
  return weights === 0 ? null : Math.round((weighted / weights) * 100) / 100;
}
