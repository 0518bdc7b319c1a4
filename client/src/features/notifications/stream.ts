import type { PortfolioNotification } from '@insight/shared/notifications/schemas';
import { EMPTY, map, share, switchMap, type Observable } from 'rxjs';
import { freshConnects$, on$ } from '../../realtime/listen';
import { session$ } from '../../realtime/socket';

/**
 * The session's 'notification' pushes: a monitor rule fired on one of the user's positions. Nothing
 * while signed out. (Feature-local: it reads the one socket through the realtime module's own helpers.)
 */
export const notification$: Observable<PortfolioNotification> = session$.pipe(
  switchMap((session) => (session === null ? EMPTY : on$(session.socket, 'notification'))),
  share(),
);

/**
 * Each start of the socket without what it had (and at once when already connected): what was pushed
 * meanwhile may be missing, so the list is read again.
 */
export const notificationsResync$: Observable<void> = session$.pipe(
  switchMap((session) => (session === null ? EMPTY : freshConnects$(session.socket))),
  map(() => undefined),
  share(),
);
