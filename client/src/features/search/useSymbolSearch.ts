import type { SymbolHit } from '@insight/shared';
import { useCallback, useEffect, useState } from 'react';
import { Subject } from 'rxjs';
import { searchCalls } from './api';
import { symbolSearch$, type FindSymbols } from './symbolSearch';

/** What the box can show: the latest results and for which text, and whether newer ones are coming. */
export interface SearchView {
  /** The (trimmed) text `hits` answer. */
  text: string;
  hits: readonly SymbolHit[];
  searching: boolean;
  failed: boolean;
}

const emptyView: SearchView = { text: '', hits: [], searching: false, failed: false };

/**
 * Feeds what is typed into `symbolSearch$` for as long as the component lives. While a newer text
 * is being searched the previous results stay on screen, so the list does not flicker per keystroke.
 */
export function useSymbolSearch(find: FindSymbols = searchCalls.findSymbol) {
  const [typed$] = useState(() => new Subject<string>());
  const [view, setView] = useState<SearchView>(emptyView);
  useEffect(() => {
    const subscription = symbolSearch$(typed$, find).subscribe((state) => {
      switch (state.status) {
        case 'idle':
          setView(emptyView);
          return;
        case 'searching':
          setView((previous) => ({ ...previous, searching: true, failed: false }));
          return;
        case 'done':
          setView({ text: state.text, hits: state.hits, searching: false, failed: false });
          return;
        case 'failed':
          setView({ text: state.text, hits: [], searching: false, failed: true });
          return;
      }
    });
    return () => subscription.unsubscribe();
  }, [typed$, find]);
  const type = useCallback((text: string) => typed$.next(text), [typed$]);
  return { view, type };
}
