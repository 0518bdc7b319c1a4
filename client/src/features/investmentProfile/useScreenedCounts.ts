import type { ScreenedSymbols } from '@insight/shared';
import { useEffect, useMemo, useState } from 'react';
import { profileCalls } from './api';
import { useDebounced } from './debounce';
import { countableValues, type DraftScreener } from './draft';

/** How long typing must pause before the counts are asked again. */
export const countDelayMs = 350;

export interface ScreenedCounts {
  /** The last answer; kept while a newer one is on its way. */
  counts: ScreenedSymbols | null;
  loading: boolean;
  failed: boolean;
}

/**
 * The number of the sector's stocks each unsaved filter lets through, and all of them together,
 * asked again (debounced) as the user types.
 */
export function useScreenedCounts(
  target: number | null,
  sectorId: number,
  drafts: readonly DraftScreener[],
): ScreenedCounts {
  const key = JSON.stringify(countableValues(drafts));
  const settled = useDebounced(key, countDelayMs);
  const [state, setState] = useState<ScreenedCounts & { key: string | null }>({
    counts: null,
    loading: true,
    failed: false,
    key: null,
  });

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    profileCalls.screened(target, sectorId, JSON.parse(settled), controller.signal).then(
      (counts) => setState({ counts, loading: false, failed: false, key: settled }),
      () => {
        if (!controller.signal.aborted)
          setState((s) => ({ ...s, loading: false, failed: true, key: settled }));
      },
    );
    return () => controller.abort();
  }, [target, sectorId, settled]);

  // While the user is still typing the shown counts are stale: say so at once, not after the pause.
  return useMemo(
    () => ({ counts: state.counts, loading: state.loading || key !== state.key, failed: state.failed }),
    [state, key],
  );
}
