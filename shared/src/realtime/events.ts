import type { Alert, AlertsPage } from '../alerts/schemas';
import type { AppMessage } from '../apps/schemas';
import type { JobDoneEvent, JobProgressEvent } from '../jobs/schemas';
import type { PortfolioNotification } from '../notifications/schemas';
import type { PortfolioChanged } from '../portfolio/schemas';
import type { ProfileCreatedEvent, ProfileRebuildEvent } from '../profiles/schemas';
import type { ScanProgress, ScanSector } from '../scan/schemas';
import type { WatchlistResponse } from '../watchlist/schemas';

/**
 * The socket contract: event names `domain:verb`, payloads typed once for both sides
 * (socket.io's typed-events pattern). Every pushed fact is also readable by REST.
 */

export interface QuoteDelta {
  lastPrice: number;
  dailyChange: number;
}

/** Answer of every client command: `{ok: true, data}` or `{ok: false, error}`. */
export type Ack<T = undefined> = { ok: true; data: T } | { ok: false; error: string };

export interface ServerToClientEvents {
  'market:status': (payload: { open: boolean | null; at: string }) => void;
  /**
   * The current profile's newest page of alerts (newest first; older ones by GET /api/alerts/page):
   * on join and on a profile switch.
   */
  'alerts:snapshot': (payload: { profileId: number } & AlertsPage) => void;
  'alert:new': (alert: Alert) => void;
  'alert:removed': (payload: { id: number }) => void;
  /** Batched latest quotes of the symbols this socket subscribed to, keyed by upper-case symbol. */
  quotes: (payload: Record<string, QuoteDelta>) => void;
  /** The user's whole watchlist after a change in any of their tabs (to the user's room). */
  'watchlist:changed': (payload: WatchlistResponse) => void;
  /** A change to one of the user's portfolios, made in any tab (to the user's room): refetch what `kind` names. */
  'portfolio:changed': (payload: PortfolioChanged) => void;
  /** A monitor rule fired on one of the user's positions (to the user's room), the moment it was stored. */
  notification: (payload: PortfolioNotification) => void;
  /**
   * An admin's broadcast to the users of an app (to `app:{flavor}`); a user who was offline gets it
   * when a socket of theirs next joins the app room, once. Clients tell repeats apart by `id`.
   */
  'app:message': (payload: AppMessage) => void;
  /** A job of the user's moved on (to the user's room). */
  'job:progress': (payload: JobProgressEvent) => void;
  /** A job of the user's finished: done, failed or cancelled (to the user's room). */
  'job:done': (payload: JobDoneEvent) => void;
  /** An opportunity scan's phase, to the socket that asked (or the user's sockets). */
  'scan:progress': (payload: ScanProgress) => void;
  /** A sector's rows of an opportunity scan, as soon as the sector is done. */
  'scan:sector': (payload: ScanSector) => void;
  /** A profile's rebuild moved on (to the profile's owner and to admins' user rooms). */
  'profile:rebuild': (payload: ProfileRebuildEvent) => void;
  /** An admin registered a new profile (to every admin's user room): add it to the profile selector. */
  'profile:created': (payload: ProfileCreatedEvent) => void;
}

export interface ClientToServerEvents {
  'quotes:subscribe': (symbols: string[], ack?: (answer: Ack<{ subscribed: number }>) => void) => void;
  'quotes:unsubscribe': (symbols: string[], ack?: (answer: Ack<{ subscribed: number }>) => void) => void;
  /** Admins only: watch another investment profile. */
  'profile:switch': (profileId: number, ack?: (answer: Ack<{ profileId: number }>) => void) => void;
}

/** What a socket carries once authenticated. */
export interface SocketData {
  userId: number;
  sessionId: number;
  profileId: number;
  app: string | null;
}

export const maxQuoteSubscriptions = 500;
