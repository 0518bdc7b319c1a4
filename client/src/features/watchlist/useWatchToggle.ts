import { useCallback } from 'react';
import { useSetAtom } from '../../app/store';
import { notify } from '../../components/ui/toaster';
import { toggleWatchAtom } from './atoms';

/**
 * Toggles a symbol on the watchlist (or sets it: `follow` true adds, false removes); a refusal,
 * already rolled back, is told in a toast.
 */
export function useWatchToggle(): (symbol: string, follow?: boolean) => void {
  const toggle = useSetAtom(toggleWatchAtom);
  return useCallback(
    (symbol: string, follow?: boolean) => {
      void toggle(symbol, follow).then((result) => {
        if (!result.ok) notify.error(result.message);
      });
    },
    [toggle],
  );
}
