import { useCallback } from 'react';
import { useSetAtom } from '../../../app/store';
import { addToPortfolioAtom } from './atoms';
import type { PositionType } from './lines';

/** "Add to portfolio" for a symbol: the position dialog preset with it, or the new-file state. */
export function useAddToPortfolio(): (symbol: string, type?: PositionType) => void {
  const request = useSetAtom(addToPortfolioAtom);
  return useCallback((symbol: string, type?: PositionType) => request({ symbol, type }), [request]);
}
