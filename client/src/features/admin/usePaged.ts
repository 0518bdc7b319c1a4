import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/request';
import type { ListQuery } from './api';

export type Loaded<T> =
  { kind: 'loading'; last: T | null } | { kind: 'ready'; value: T } | { kind: 'failed'; message: string };

/**
 * Loads `fetch(query)` whenever the query changes (the search typed settles for 250 ms first), keeping
 * the last answer on screen while the next one comes, and dropping answers that arrive out of order.
 */
export function useLoaded<Q, T>(
  query: Q,
  fetch: (query: Q, signal: AbortSignal) => Promise<T>,
  failed: string,
  debounceMs = 0,
): [Loaded<T>, () => void] {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading', last: null });
  const [reloads, setReloads] = useState(0);
  const key = JSON.stringify(query);

  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({
      kind: 'loading',
      last: current.kind === 'ready' ? current.value : current.kind === 'loading' ? current.last : null,
    }));
    const timer = setTimeout(() => {
      fetch(JSON.parse(key) as Q, controller.signal).then(
        (value) => {
          if (!controller.signal.aborted) setState({ kind: 'ready', value });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setState({ kind: 'failed', message: errorMessage(error, failed) });
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `fetch` is a stable call of adminCalls; the query is compared by value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, reloads, debounceMs, failed]);

  return [state, () => setReloads((n) => n + 1)];
}

export const initialQuery = (sort: string): ListQuery => ({
  page: 1,
  page_size: 25,
  search: '',
  sort,
  dir: 'asc',
});
