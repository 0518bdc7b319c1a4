import { emptyFilterSet, filterSetSchema, type FilterSet, type User } from '@insight/shared';
import { feedCalls } from './api';

/**
 * Where a user's alert filters live (spec 000 §4, §9): on the server (the user's `alert_filters`,
 * saved a moment after the last change) and in this browser's local storage under the user's id,
 * written at once. The stored copy remembers whether the server has it yet: a change the server
 * never confirmed (a reload inside the moment, a failed save) wins over the user's `alert_filters`
 * at the next start, and is sent again.
 */

interface StoredFilters {
  filters: FilterSet;
  /** Whether the server confirmed these filters. */
  synced: boolean;
}

export const filtersStorageKey = (userId: number) => `insight.alertFilters.${userId}`;

/** How long after the last change the filters go to the server. */
export const filtersSaveDelayMs = 800;

function readStored(userId: number): StoredFilters | null {
  try {
    const raw = window.localStorage.getItem(filtersStorageKey(userId));
    if (raw === null) return null;
    const stored = JSON.parse(raw) as Partial<StoredFilters> | null;
    const filters = filterSetSchema.safeParse(stored?.filters);
    return filters.success ? { filters: filters.data, synced: stored?.synced === true } : null;
  } catch {
    return null; // storage disabled, or someone else's JSON: the server's copy stands
  }
}

function writeStored(userId: number, stored: StoredFilters): void {
  try {
    window.localStorage.setItem(filtersStorageKey(userId), JSON.stringify(stored));
  } catch {
    // A full or disabled storage only loses the offline copy; the server keeps the filters.
  }
}

/** The server saves waiting for their quiet moment, by user id. */
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** The filters a user starts with: an unsent local change, else the server's, else the local copy. */
export function initialFiltersOf(user: User): FilterSet {
  const stored = readStored(user.user_id);
  if (stored && !stored.synced) return stored.filters;
  return user.alert_filters ?? stored?.filters ?? emptyFilterSet;
}

/** Sends the user's local change the server never confirmed, if there is one. */
export function resendUnsyncedFilters(userId: number): void {
  const stored = readStored(userId);
  if (stored && !stored.synced && !timers.has(userId)) saveFiltersSoon(userId, stored.filters);
}

/** Keeps `filters` for the user: in local storage now, on the server after a quiet moment. */
export function saveFiltersSoon(userId: number, filters: FilterSet): void {
  writeStored(userId, { filters, synced: false });
  clearTimeout(timers.get(userId));
  timers.set(
    userId,
    setTimeout(() => {
      timers.delete(userId);
      feedCalls.saveFilters(filters).then(
        () => {
          // Only if nothing newer was chosen meanwhile (that one has its own save on the way).
          if (!timers.has(userId)) writeStored(userId, { filters, synced: true });
        },
        (error: unknown) => {
          // The local copy stays unsynced and goes out again at the next start.
          console.warn('[feed] the alert filters could not be saved on the server', error);
        },
      );
    }, filtersSaveDelayMs),
  );
}

// ---- the admin's chosen profile (spec 000 §4 "Profile selection") ----

export const profileStorageKey = (userId: number) => `insight.profile.${userId}`;

export function readStoredProfile(userId: number): number | null {
  try {
    const value = Number(window.localStorage.getItem(profileStorageKey(userId)));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function storeProfile(userId: number, profileId: number): void {
  try {
    window.localStorage.setItem(profileStorageKey(userId), String(profileId));
  } catch {
    // Without storage the next start simply opens the server's current profile.
  }
}
