import type { Alert } from '@insight/shared';
import { distinctUntilChanged, map, merge, scan, startWith, type Observable } from 'rxjs';
import { on$, type AppSocket } from './listen';

/**
 * The current profile's newest alerts, newest first, as the server last described them: the
 * snapshot's page and what was pushed since. `total` counts every alert the user can reach (older
 * pages included); `cursor` (from the snapshot) asks for the page after it when `hasMore`.
 */
export interface AlertList {
  profileId: number;
  alerts: readonly Alert[];
  total: number;
  hasMore: boolean;
  cursor: string | null;
}

export type AlertEvent =
  | {
      type: 'snapshot';
      profileId: number;
      alerts: readonly Alert[];
      total: number;
      hasMore: boolean;
      cursor: string | null;
    }
  | { type: 'new'; alert: Alert }
  | { type: 'removed'; id: number };

/** The feed's order: newest by market time first, then the higher id. */
export const newerFirst = (a: Pick<Alert, 'time' | 'id'>, b: Pick<Alert, 'time' | 'id'>) =>
  b.time - a.time || b.id - a.id;

/**
 * `null` until the first snapshot. A snapshot (sent on join, on a profile switch and after a
 * reconnect the server could not recover) replaces the list; a new alert takes its place by market
 * time (first, when it is the newest) unless the list already has its id (a replay after a recovered reconnect); a removed one leaves. Changes before the
 * first snapshot are dropped: the snapshot that follows the join is the whole state. An event that
 * changes nothing returns the same list, so nothing re-renders.
 */
export function nextAlertList(list: AlertList | null, event: AlertEvent): AlertList | null {
  switch (event.type) {
    case 'snapshot': {
      const { profileId, alerts, total, hasMore, cursor } = event;
      return { profileId, alerts, total, hasMore, cursor };
    }
    case 'new': {
      if (list === null || list.alerts.some((alert) => alert.id === event.alert.id)) return list;
      // In its place by market time: a derived alert found now may date from an earlier close.
      const at = list.alerts.findIndex((alert) => newerFirst(event.alert, alert) < 0);
      const alerts =
        at === -1
          ? [...list.alerts, event.alert]
          : [...list.alerts.slice(0, at), event.alert, ...list.alerts.slice(at)];
      return { ...list, alerts, total: list.total + 1 };
    }
    case 'removed':
      if (list === null || !list.alerts.some((alert) => alert.id === event.id)) return list;
      return {
        ...list,
        alerts: list.alerts.filter((alert) => alert.id !== event.id),
        total: Math.max(0, list.total - 1),
      };
  }
}

/** One socket's alert list. */
export function alertsOf(socket: AppSocket): Observable<AlertList | null> {
  return merge(
    on$(socket, 'alerts:snapshot').pipe(
      map(({ profileId, alerts, total, has_more, cursor }): AlertEvent => ({
        type: 'snapshot',
        profileId,
        alerts,
        total,
        hasMore: has_more,
        cursor,
      })),
    ),
    on$(socket, 'alert:new').pipe(map((alert): AlertEvent => ({ type: 'new', alert }))),
    on$(socket, 'alert:removed').pipe(map(({ id }): AlertEvent => ({ type: 'removed', id }))),
  ).pipe(scan(nextAlertList, null), startWith(null), distinctUntilChanged());
}
