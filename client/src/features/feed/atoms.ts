import { emptyFilterSet, type Alert, type FilterSet } from '@insight/shared';
import { filterAlerts } from '@insight/shared/alerts/filter';
import { errorMessage } from '../../api/request';
import { atom, atomWithObservable } from '../../app/store';
import { alerts$ } from '../../realtime/streams';
import { switchProfile } from '../../realtime/socket';
import { currentUserAtom } from '../auth/atoms';
import { quotesAtom } from '../market/atoms';
import { followedSymbolsAtom } from '../watchlist/atoms';
import { feedCalls } from './api';
import { initialFiltersOf, saveFiltersSoon, storeProfile } from './filterStorage';

/** Spec 000 §3/§4: the client's own marks on an alert while a dismissal is on its way or failed. */
export type LocalStatus = 'dismissing' | 'dismiss_failed';
export type FeedAlert = Alert & { local_status?: LocalStatus; mock?: boolean };

/** The current profile's alerts as the server last described them; null until its snapshot. */
export const alertListAtom = atomWithObservable(() => alerts$, { initialValue: null });

const localStatusAtom = atom<ReadonlyMap<number, LocalStatus>>(new Map<number, LocalStatus>());
/** Dismissed here and confirmed: gone at once, before the server's 'alert:removed' arrives. */
const dismissedIdsAtom = atom<ReadonlySet<number>>(new Set<number>());

/**
 * The older pages loaded after the snapshot's (infinite scroll), for the snapshot whose cursor they
 * continue: a new snapshot (another profile, a reconnect) starts over from its own page.
 */
interface OlderPages {
  profileId: number;
  after: string;
  alerts: readonly Alert[];
  cursor: string | null;
}
const olderPagesAtom = atom<OlderPages | null>(null);

/** The older pages that continue the current snapshot, if any. */
const currentOlderAtom = atom((get) => {
  const list = get(alertListAtom);
  const older = get(olderPagesAtom);
  return list && older && older.profileId === list.profileId && older.after === list.cursor ? older : null;
});

/** Whether older alerts than those loaded remain on the server, and the cursor that asks for them. */
export const feedMoreAtom = atom((get) => {
  const list = get(alertListAtom);
  if (list === null) return { hasMore: false, cursor: null, total: 0 };
  const older = get(currentOlderAtom);
  const cursor = older ? older.cursor : list.hasMore ? list.cursor : null;
  return { hasMore: cursor !== null, cursor, total: list.total };
});

/** The feed's alerts, newest first, with their local status; null while loading. */
export const feedAlertsAtom = atom<readonly FeedAlert[] | null>((get) => {
  const list = get(alertListAtom);
  if (list === null) return null;
  const statuses = get(localStatusAtom);
  const dismissed = get(dismissedIdsAtom);
  const older = get(currentOlderAtom);
  const alerts: FeedAlert[] = [];
  const seen = new Set<number>();
  for (const alert of older ? [...list.alerts, ...older.alerts] : list.alerts) {
    if (dismissed.has(alert.id) || seen.has(alert.id)) continue;
    seen.add(alert.id);
    const status = statuses.get(alert.id);
    alerts.push(status === undefined ? alert : { ...alert, local_status: status });
  }
  // Already by market time: the list inserts a pushed alert in its place (realtime/alertList.ts), and
  // an older page holds what is older than the snapshot's last.
  return alerts;
});

/** The profile whose alerts the feed shows (the socket's), once known. */
export const feedProfileIdAtom = atom((get) => get(alertListAtom)?.profileId ?? null);

/** Each card's count badge: how many of the current alerts are on its symbol. */
export const alertsPerSymbolAtom = atom<ReadonlyMap<string, number>>((get) => {
  const counts = new Map<string, number>();
  for (const alert of get(feedAlertsAtom) ?? [])
    counts.set(alert.symbol, (counts.get(alert.symbol) ?? 0) + 1);
  return counts;
});

// ---- filters ----

/** A choice made in this tab, for the user who made it. */
const chosenFiltersAtom = atom<{ userId: number; filters: FilterSet } | null>(null);

/**
 * The signed-in user's alert filters (spec 000 §4): what they chose here, else what they had stored
 * (see filterStorage). Setting them keeps them for the user, locally at once and on the server soon.
 */
export const alertFiltersAtom = atom(
  (get): FilterSet => {
    const user = get(currentUserAtom);
    if (user === null) return emptyFilterSet;
    const chosen = get(chosenFiltersAtom);
    return chosen?.userId === user.user_id ? chosen.filters : initialFiltersOf(user);
  },
  (get, set, next: FilterSet | ((current: FilterSet) => FilterSet)) => {
    const user = get(currentUserAtom);
    if (user === null) return;
    const filters = typeof next === 'function' ? next(get(alertFiltersAtom)) : next;
    set(chosenFiltersAtom, { userId: user.user_id, filters });
    saveFiltersSoon(user.user_id, filters);
  },
);

/**
 * Derived alerts of one kind for one stock (two ratings of CARS both near their targets) on one card:
 * the newest stands for them, and the card's count badge says there are more. Ratings stay apart.
 */
export function groupDerived<T extends Pick<Alert, 'type' | 'symbol'>>(alerts: readonly T[]): T[] {
  const seen = new Set<string>();
  return alerts.filter((alert) => {
    if (alert.type === 1014) return true;
    const key = `${alert.type}:${alert.symbol}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The alerts that pass the filters (spec 000 §5), newest first; null while loading. */
export const shownAlertsAtom = atom<readonly FeedAlert[] | null>((get) => {
  const alerts = get(feedAlertsAtom);
  if (alerts === null) return null;
  return groupDerived(
    filterAlerts(alerts, get(alertFiltersAtom), {
      quotes: get(quotesAtom),
      followed: get(followedSymbolsAtom),
    }),
  );
});

// ---- actions ----

let loadingOlder: Promise<void> | null = null;

/** Loads the next older page of alerts (single-flight); nothing when none remain. */
export const loadOlderAlertsAtom = atom(null, (get, set): Promise<void> => {
  loadingOlder ??= (async () => {
    const list = get(alertListAtom);
    const { cursor } = get(feedMoreAtom);
    if (list === null || list.cursor === null || cursor === null) return;
    const page = await feedCalls.page(list.profileId, cursor);
    const older = get(currentOlderAtom);
    // The snapshot was replaced meanwhile: its own pages start over.
    const now = get(alertListAtom);
    if (now?.profileId !== list.profileId || now.cursor !== list.cursor) return;
    set(olderPagesAtom, {
      profileId: list.profileId,
      after: list.cursor,
      alerts: [...(older?.alerts ?? []), ...page.alerts],
      cursor: page.has_more ? page.cursor : null,
    });
  })().finally(() => {
    loadingOlder = null;
  });
  return loadingOlder;
});

/**
 * Loads every older page: the filters apply to every alert the user can reach, so the filter panel's
 * values and the "N of M alerts" figure need them all once a filter is set.
 */
export const loadAllAlertsAtom = atom(null, async (get, set): Promise<void> => {
  for (let pages = 0; pages < 200 && get(feedMoreAtom).hasMore; pages++) {
    const before = get(feedMoreAtom).cursor;
    await set(loadOlderAlertsAtom);
    if (get(feedMoreAtom).cursor === before) return;
  }
});

function setStatus(statuses: ReadonlyMap<number, LocalStatus>, id: number, status: LocalStatus | null) {
  const next = new Map(statuses);
  if (status === null) next.delete(id);
  else next.set(id, status);
  return next;
}

/**
 * Spec 000 §4 "Alert dismissal": marked dismissing while the request runs; removed when it
 * succeeds; marked dismiss_failed when it fails (a mock alert is removed instead).
 */
export const dismissAlertAtom = atom(null, async (_get, set, alert: FeedAlert): Promise<void> => {
  set(localStatusAtom, (statuses) => setStatus(statuses, alert.id, 'dismissing'));
  try {
    await feedCalls.dismiss(alert.id);
    set(dismissedIdsAtom, (ids) => new Set(ids).add(alert.id));
    set(localStatusAtom, (statuses) => setStatus(statuses, alert.id, null));
  } catch {
    if (alert.mock) {
      set(dismissedIdsAtom, (ids) => new Set(ids).add(alert.id));
      set(localStatusAtom, (statuses) => setStatus(statuses, alert.id, null));
    } else {
      set(localStatusAtom, (statuses) => setStatus(statuses, alert.id, 'dismiss_failed'));
    }
  }
});

export type ProfileSwitchResult = { ok: true } | { ok: false; message: string };

/**
 * Spec 000 §4 "Profile selection" (admins): the socket moves to the profile, whose alert snapshot
 * replaces the feed; the choice is remembered for the user; and, when `resetFilters`, the filters go
 * back to the defaults (a switch the user makes; restoring the remembered profile keeps them).
 */
export const chooseProfileAtom = atom(
  null,
  async (get, set, profileId: number, resetFilters = true): Promise<ProfileSwitchResult> => {
    const user = get(currentUserAtom);
    if (user === null) return { ok: false, message: 'Not signed in' };
    try {
      const answer = await switchProfile(profileId);
      if (!answer.ok) return { ok: false, message: answer.error };
    } catch (error) {
      return {
        ok: false,
        message: errorMessage(error, 'The profile could not be opened. Please try again.'),
      };
    }
    storeProfile(user.user_id, profileId);
    if (resetFilters) set(alertFiltersAtom, emptyFilterSet);
    return { ok: true };
  },
);
