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

/** The feed's alerts, newest first, with their local status; null while loading. */
export const feedAlertsAtom = atom<readonly FeedAlert[] | null>((get) => {
  const list = get(alertListAtom);
  if (list === null) return null;
  const statuses = get(localStatusAtom);
  const dismissed = get(dismissedIdsAtom);
  const alerts: FeedAlert[] = [];
  for (const alert of list.alerts) {
    if (dismissed.has(alert.id)) continue;
    const status = statuses.get(alert.id);
    alerts.push(status === undefined ? alert : { ...alert, local_status: status });
  }
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

/** The alerts that pass the filters (spec 000 §5), newest first; null while loading. */
export const shownAlertsAtom = atom<readonly FeedAlert[] | null>((get) => {
  const alerts = get(feedAlertsAtom);
  if (alerts === null) return null;
  return filterAlerts(alerts, get(alertFiltersAtom), {
    quotes: get(quotesAtom),
    followed: get(followedSymbolsAtom),
  });
});

// ---- actions ----

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
