import type { PositionType } from './lines';
import { atom } from '../../../app/store';

/**
 * "Add to portfolio" from anywhere in the app (feed cards, watchlist rows, the stock page): the
 * request is set here and `AddToPortfolioHost`, mounted once in the signed-in layout, answers it by
 * opening the position dialog on the user's file, or the Portfolio tab when there is no file yet.
 */
export interface AddToPortfolioRequest {
  symbol: string;
  /** Buy or Sell, e.g. from the alert's rating; Buy when not given. */
  type?: PositionType;
}

export const addToPortfolioAtom = atom<AddToPortfolioRequest | null>(null);
