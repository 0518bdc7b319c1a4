import { defaultRecommendationMonths, type PriceRange } from '@insight/shared';
import { atom } from '../../app/store';
import type { RatingType } from './ratings';

/*
 * The stock page's choices live for the session rather than in the page: a reader moving from one
 * stock to the next compares them over the same range and the same ratings.
 */

/** The price chart's range (3M by default). */
export const priceRangeAtom = atom<PriceRange>('3M');

/** The ratings' time filter in months (spec 000 §2: 3 by default). */
export const ratingsMonthsAtom = atom<number>(defaultRecommendationMonths);

/** The ratings' type filter: All, Buy or Sell. */
export const ratingsTypeAtom = atom<RatingType>('all');
