import { marketLimits, type SymbolHit } from '@insight/shared';
import {
  Observable,
  asyncScheduler,
  catchError,
  debounceTime,
  distinctUntilChanged,
  map,
  of,
  startWith,
  switchMap,
  type SchedulerLike,
} from 'rxjs';

/** Spec 000 §5 "Search", §9: from 1 character, 200 ms after the last keystroke, at most 10 results. */
export const searchDebounceMs = 200;
export const searchMinLength = 1;

export type FindSymbols = (text: string, signal: AbortSignal) => Promise<SymbolHit[]>;

/** What the search box shows for the text it was given. */
export type SearchState =
  | { status: 'idle'; text: '' }
  | { status: 'searching'; text: string }
  | { status: 'done'; text: string; hits: readonly SymbolHit[] }
  | { status: 'failed'; text: string };

export const idleSearch: SearchState = { status: 'idle', text: '' };

/**
 * The search results for what is typed: the text is trimmed and debounced, an unchanged text is not
 * asked again, and each new text cancels (aborts) the request for the previous one, so a slow answer
 * can never replace a newer one. A failure is only logged (spec 000 §8).
 */
export function symbolSearch$(
  typed$: Observable<string>,
  find: FindSymbols,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<SearchState> {
  return typed$.pipe(
    map((text) => text.trim()),
    debounceTime(searchDebounceMs, scheduler),
    distinctUntilChanged(),
    switchMap((text): Observable<SearchState> => {
      if (text.length < searchMinLength) return of(idleSearch);
      return abortable((signal) => find(text, signal)).pipe(
        map((hits): SearchState => ({ status: 'done', text, hits: hits.slice(0, marketLimits.searchMax) })),
        catchError((error: unknown) => {
          console.warn(`[search] could not search for "${text}"`, error);
          return of<SearchState>({ status: 'failed', text });
        }),
        startWith<SearchState>({ status: 'searching', text }),
      );
    }),
  );
}

/** A promise-returning call as a stream; unsubscribing aborts it. */
function abortable<T>(call: (signal: AbortSignal) => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController();
    call(controller.signal).then(
      (value) => {
        subscriber.next(value);
        subscriber.complete();
      },
      (error: unknown) => {
        if (!controller.signal.aborted) subscriber.error(error);
      },
    );
    return () => controller.abort();
  });
}
