/**
 * The pushed state the screens read (style.md habit 9): each stream replays its latest value, starts
 * the signed-in session's socket on first use, and resets when the user signs out. Nothing here
 * polls: the server pushes every change, and a reconnect the server could not recover starts fresh —
 * the market status is read once over REST, the server sends a new alert snapshot on join (so the
 * alerts need no REST call), and the quote subscriptions are sent again.
 */
import type { WatchlistResponse } from '@insight/shared';
import type { AppMessage } from '@insight/shared/apps/schemas';
import { distinctUntilChanged, of, shareReplay, switchMap, type Observable } from 'rxjs';
import type { AlertList } from './alertList';
import { noAppMessages } from './appMessages';
import { noJobUpdates, type JobUpdates } from './jobs';
import { noPortfolioChanges, type PortfolioVersions } from './portfolio';
import { noProfileRebuilds, type ProfileRebuilds } from './profiles';
import { noQuotes, type Quotes } from './quotes';
import { quoteSubscriptions, session$ } from './socket';

export { connection$ } from './socket';
export type { ConnectionState, ConnectionStatus } from './connection';
export type { AlertList } from './alertList';
export { noQuotes, type Quotes } from './quotes';
export { noAppMessages } from './appMessages';
export { noJobUpdates, type JobUpdate, type JobUpdates } from './jobs';
export { noPortfolioChanges, type PortfolioChangeKind, type PortfolioVersions } from './portfolio';
export { noProfileRebuilds, type ProfileRebuilds } from './profiles';

/** US markets: true open, false closed, null while unknown (and while signed out). */
export const marketStatus$: Observable<boolean | null> = session$.pipe(
  switchMap((session) => session?.marketStatus$ ?? of(null)),
  distinctUntilChanged(),
  shareReplay(1),
);

/** The current profile's alerts, newest first; null until the server's snapshot arrives. */
export const alerts$: Observable<AlertList | null> = session$.pipe(
  switchMap((session) => session?.alerts$ ?? of(null)),
  shareReplay(1),
);

/** The latest quote of each symbol pushed this session (only symbols held with subscribeQuotes). */
export const quotes$: Observable<Quotes> = session$.pipe(
  switchMap((session) => session?.quotes$ ?? of(noQuotes)),
  shareReplay(1),
);

/**
 * The user's whole watchlist as the server last described it (read when the session starts, then
 * each 'watchlist:changed' push from any of the user's tabs); null until known and while signed out.
 */
export const watchlist$: Observable<WatchlistResponse | null> = session$.pipe(
  switchMap((session) => session?.watchlist$ ?? of(null)),
  shareReplay(1),
);

/**
 * How many 'portfolio:changed' pushes of each kind this session heard (from any of the user's tabs,
 * this one's own calls included), plus every kind once more after a reconnect that may have missed
 * some. Screens key their portfolio reads on the kinds they show. All zero while signed out.
 */
export const portfolioVersions$: Observable<PortfolioVersions> = session$.pipe(
  switchMap((session) => session?.portfolioVersions$ ?? of(noPortfolioChanges)),
  shareReplay(1),
);

/** The mobile view's app broadcasts this session heard, newest first; empty elsewhere and while signed out. */
export const appMessages$: Observable<readonly AppMessage[]> = session$.pipe(
  switchMap((session) => session?.appMessages$ ?? of(noAppMessages)),
  shareReplay(1),
);

/** The user's jobs' progress and ends pushed this session, by job id; empty while signed out. */
export const jobUpdates$: Observable<JobUpdates> = session$.pipe(
  switchMap((session) => session?.jobUpdates$ ?? of(noJobUpdates)),
  shareReplay(1),
);

/** The latest 'profile:rebuild' push of each investment profile this session; empty while signed out. */
export const profileRebuilds$: Observable<ProfileRebuilds> = session$.pipe(
  switchMap((session) => session?.profileRebuilds$ ?? of(noProfileRebuilds)),
  shareReplay(1),
);

/**
 * Asks the server for `symbols`' quotes until the returned function is called. Holders are counted:
 * two screens showing AAPL make one subscription, and it ends when the last lets go. Typically the
 * body of a React effect: `useEffect(() => subscribeQuotes(symbols), [key])`.
 */
export function subscribeQuotes(symbols: readonly string[]): () => void {
  return quoteSubscriptions.subscribe(symbols);
}
