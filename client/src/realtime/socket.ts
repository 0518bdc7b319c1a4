/**
 * The one socket (design §5, style.md habit 9). It exists while someone is signed in: signing in
 * opens it, signing out closes it, and a new sign-in gets a new one, so a recovery id can never carry
 * one account's session into another's. It follows the auth state in `appStore` (code outside React
 * uses the store directly, habit 8) from the first subscription to any realtime stream on.
 *
 * Everything a session listens to is started with the socket, before it connects, and kept hot
 * until it closes: the alert snapshot arrives once on join, so a list shown later must already
 * have heard it.
 */
import { can, type Ack, type WatchlistResponse } from '@insight/shared';
import type { AppMessage } from '@insight/shared/apps/schemas';
import {
  Observable,
  Subject,
  distinctUntilChanged,
  firstValueFrom,
  of,
  shareReplay,
  switchMap,
  takeUntil,
  type Subscription,
} from 'rxjs';
import { io } from 'socket.io-client';
import { appStore } from '../app/store';
import { appFlavorAtom } from '../features/apphome/appFlavor';
import { authAtom, currentRolesAtom, currentUserAtom } from '../features/auth/atoms';
import { authApi } from '../features/auth/api';
import { marketCalls } from '../features/market/api';
import { watchlistCalls } from '../features/watchlist/api';
import { alertsOf, type AlertList } from './alertList';
import { appMessagesOf } from './appMessages';
import { connectionOf, offline, type ConnectionState } from './connection';
import { jobUpdatesOf, type JobUpdates } from './jobs';
import type { AppSocket } from './listen';
import { marketStatusOf } from './marketStatus';
import { portfolioVersionsOf, type PortfolioVersions } from './portfolio';
import { createdProfilesOf, profileRebuildsOf, withAvailableProfile, type ProfileRebuilds } from './profiles';
import { createQuoteSubscriptions, quotesOf, syncQuotes, type Quotes } from './quotes';
import { watchlistOf } from './watchlist';

export type { AppSocket } from './listen';

/** The symbols held by the screens, across sessions (components release them when they unmount). */
export const quoteSubscriptions = createQuoteSubscriptions();

/** What one signed-in session's socket tells, each stream replaying its latest value. */
export interface Session {
  socket: AppSocket;
  connection$: Observable<ConnectionState>;
  marketStatus$: Observable<boolean | null>;
  alerts$: Observable<AlertList | null>;
  quotes$: Observable<Quotes>;
  watchlist$: Observable<WatchlistResponse | null>;
  portfolioVersions$: Observable<PortfolioVersions>;
  /** The mobile view's app broadcasts, newest first (empty unless the socket joined an app room). */
  appMessages$: Observable<readonly AppMessage[]>;
  /** The user's jobs' progress and ends pushed this session, by job id. */
  jobUpdates$: Observable<JobUpdates>;
  /** The latest 'profile:rebuild' push of each profile, by profile id. */
  profileRebuilds$: Observable<ProfileRebuilds>;
}

/** Refusals in a row after which the socket stops trying to sign in again. */
const maxRevivals = 3;

/**
 * Same origin, with the session cookie; connected by hand once the listeners are in place. The mobile
 * view names its app flavour (handshake `auth.app`) to join the app's room.
 */
function openSocket(app: string | null): AppSocket {
  return io({
    path: '/socket.io',
    withCredentials: true,
    autoConnect: false,
    forceNew: true,
    auth: app === null ? {} : { app },
  });
}

function startSession(): Observable<Session> {
  return new Observable<Session>((subscriber) => {
    const socket = openSocket(appStore.get(appFlavorAtom));
    const closed$ = new Subject<void>();
    const running: Subscription[] = [];
    const hot = <T>(source$: Observable<T>): Observable<T> => {
      const shared$ = source$.pipe(takeUntil(closed$), shareReplay(1));
      running.push(shared$.subscribe());
      return shared$;
    };
    const session: Session = {
      socket,
      connection$: hot(connectionOf(socket)),
      marketStatus$: hot(marketStatusOf(socket, (signal) => marketCalls.isMarketOpen(signal))),
      alerts$: hot(alertsOf(socket)),
      quotes$: hot(quotesOf(socket)),
      // An account without the watchlist (a profile-type one) makes no call it would be refused.
      watchlist$: can(appStore.get(currentRolesAtom), 'watchlist.use')
        ? hot(watchlistOf(socket, (signal) => watchlistCalls.get(signal)))
        : of<WatchlistResponse | null>(null),
      portfolioVersions$: hot(portfolioVersionsOf(socket)),
      appMessages$: hot(appMessagesOf(socket)),
      jobUpdates$: hot(jobUpdatesOf(socket)),
      profileRebuilds$: hot(profileRebuildsOf(socket)),
    };
    running.push(syncQuotes(socket, quoteSubscriptions.wanted$).subscribe());
    // A profile an admin registered (here or elsewhere) joins the profile selector without a reload.
    running.push(
      createdProfilesOf(socket).subscribe((profile) =>
        appStore.set(authAtom, (auth) =>
          auth.status === 'initialised' && auth.user !== null
            ? { ...auth, user: withAvailableProfile(auth.user, profile) }
            : auth,
        ),
      ),
    );
    // A refusal (not a network drop) means the session cookie is no longer good. One REST call lets
    // the request layer sign in again with the remember-me token; with a new cookie, connect again.
    // If that fails the auth state signs out, which closes this session anyway.
    let revivals = 0;
    const revive = () => {
      if (socket.active || revivals >= maxRevivals) return;
      revivals += 1;
      authApi.currentUser().then(
        () => setTimeout(() => socket.connect(), 500 * revivals),
        () => undefined,
      );
    };
    socket.on('connect_error', revive);
    socket.on('connect', () => (revivals = 0));
    subscriber.next(session);
    socket.connect();
    return () => {
      closed$.next();
      closed$.complete();
      for (const subscription of running) subscription.unsubscribe();
      socket.disconnect();
    };
  });
}

/**
 * Who is signed in, as far as the socket cares: a new sign-in (even the same user's) is a new key, and
 * so is the mobile view naming its app (the handshake carries it).
 */
const signedInKey$ = new Observable<string | null>((subscriber) => {
  const read = () => {
    const user = appStore.get(currentUserAtom);
    const app = appStore.get(appFlavorAtom) ?? '';
    subscriber.next(user === null ? null : `${user.user_id}:${user.session_token}:${app}`);
  };
  read();
  const unsubscribeUser = appStore.sub(currentUserAtom, read);
  const unsubscribeApp = appStore.sub(appFlavorAtom, read);
  return () => {
    unsubscribeUser();
    unsubscribeApp();
  };
}).pipe(distinctUntilChanged());

/** The signed-in session, or null while nobody is signed in. */
export const session$: Observable<Session | null> = signedInKey$.pipe(
  switchMap((key) => (key === null ? of(null) : startSession())),
  shareReplay(1),
);

/** The socket's state: offline while signed out; see ConnectionState. */
export const connection$: Observable<ConnectionState> = session$.pipe(
  switchMap((session) => session?.connection$ ?? of(offline)),
  shareReplay(1),
);

/**
 * Admins: watch another investment profile. The server moves the socket to the profile's room and
 * sends its alert snapshot before it answers.
 */
export async function switchProfile(profileId: number): Promise<Ack<{ profileId: number }>> {
  const session = await firstValueFrom(session$);
  if (session === null) return { ok: false, error: 'Not signed in' };
  return session.socket.timeout(10_000).emitWithAck('profile:switch', profileId);
}
