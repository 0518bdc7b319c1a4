import type { WatchlistResponse } from '@insight/shared';
import { EMPTY, Observable, catchError, merge, of, skip, startWith, switchMap, takeUntil } from 'rxjs';
import { freshConnects$, on$, type AppSocket } from './listen';

/** Reads the whole watchlist over REST; the signal aborts a read that is no longer wanted. */
export type ReadWatchlist = (signal: AbortSignal) => Promise<WatchlistResponse>;

/**
 * One session's watchlist as the server last described it: null until known, then each
 * 'watchlist:changed' push (the user's other tabs following or unfollowing). It is read over REST
 * as soon as the session starts — the stars should not wait for the socket to connect — and again
 * after any later reconnect the server could not recover, since a change may have been pushed while
 * we were away. A push that arrives before a read answers wins and the read is dropped; a failed
 * read is only logged (the next push or answer brings the list).
 */
export function watchlistOf(socket: AppSocket, read: ReadWatchlist): Observable<WatchlistResponse | null> {
  const pushed$ = on$(socket, 'watchlist:changed');
  // The first fresh connect is the session's start, which is already read.
  const reads$ = merge(of(undefined), freshConnects$(socket).pipe(skip(1))).pipe(
    switchMap(() =>
      abortable(read).pipe(
        catchError((error: unknown) => {
          console.warn('[realtime] could not read the watchlist', error);
          return EMPTY;
        }),
        takeUntil(pushed$),
      ),
    ),
  );
  return merge(pushed$, reads$).pipe(startWith<WatchlistResponse | null>(null));
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
