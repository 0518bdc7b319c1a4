import {
  Observable,
  catchError,
  distinctUntilChanged,
  map,
  merge,
  of,
  startWith,
  switchMap,
  takeUntil,
} from 'rxjs';
import { freshConnects$, on$, type AppSocket } from './listen';

/** Reads the status over REST; the signal aborts a read that is no longer wanted. */
export type ReadMarketOpen = (signal: AbortSignal) => Promise<boolean | null>;

/**
 * One socket's US market status: null until known, then each 'market:status' push. Whenever the
 * socket starts fresh (the first connect, a reconnect the server could not recover) the status is
 * read once over REST, since a change may have been pushed while we were away; a push that arrives
 * first wins and the read is dropped. A failed read is null ("Checking market status..."). No timer:
 * the server pushes every change.
 */
export function marketStatusOf(socket: AppSocket, readOpen: ReadMarketOpen): Observable<boolean | null> {
  const pushed$ = on$(socket, 'market:status').pipe(map(({ open }) => open));
  const read$ = freshConnects$(socket).pipe(
    switchMap(() =>
      abortable(readOpen).pipe(
        catchError((error: unknown) => {
          console.warn('[realtime] could not read the market status', error);
          return of(null);
        }),
        takeUntil(pushed$),
      ),
    ),
  );
  return merge(pushed$, read$).pipe(startWith(null), distinctUntilChanged());
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
      (error: unknown) => subscriber.error(error),
    );
    return () => controller.abort();
  });
}
