import { watchlistMessages, type User, type WatchlistItem, type WatchlistResponse } from '@insight/shared';
import { errorMessage } from '../../api/request';
import { atom, atomWithObservable } from '../../app/store';
import { watchlist$ } from '../../realtime/streams';
import { currentUserAtom } from '../auth/atoms';
import { watchlistCalls } from './api';

/**
 * The watchlist (spec 000 §4 "Watchlist toggle", spec 001 §3): the server's whole list, replaced by
 * every answer and every push, with the toggles still on their way laid over it so a star flips at
 * once.
 */

/** The latest list the session heard: its read on sign-in and the 'watchlist:changed' pushes. */
const pushedWatchlistAtom = atomWithObservable(() => watchlist$, { initialValue: null });

/**
 * The latest answer to this tab's own follow/unfollow, with the pushed list it arrived over: it
 * holds until the next push (which is at least as new), so neither source needs a clock.
 */
interface AnsweredWatchlist {
  watchlist: WatchlistResponse;
  over: WatchlistResponse | null;
  /** Whose answer it is: one account's list never shows under another's sign-in. */
  userKey: string;
}
const answeredWatchlistAtom = atom<AnsweredWatchlist | null>(null);

const userKeyOf = (user: User | null) => (user === null ? '' : `${user.user_id}:${user.session_token}`);

/** The server's whole watchlist as last heard (answer or push); null until read and while signed out. */
export const watchlistAtom = atom<WatchlistResponse | null>((get) => {
  const pushed = get(pushedWatchlistAtom);
  const answered = get(answeredWatchlistAtom);
  const current =
    answered !== null && answered.over === pushed && answered.userKey === userKeyOf(get(currentUserAtom));
  return current ? answered.watchlist : pushed;
});

/** A follow (true) or unfollow (false) sent and not yet answered; `id` tells a newer click apart. */
interface PendingWatch {
  follow: boolean;
  id: number;
}
const pendingWatchAtom = atom<ReadonlyMap<string, PendingWatch>>(new Map());

export const normalizeSymbol = (symbol: string) => symbol.trim().toUpperCase();

/**
 * The followed symbols as a `ReadonlySet<string>` of upper-case symbols (look up with
 * `normalizeSymbol(symbol)` if yours may be lower-case): the server's list with the pending toggles
 * applied, so it changes the moment a star is clicked. Empty while the list is unknown; read
 * `watchlistLoadedAtom` where "not followed" and "not known yet" must differ.
 */
export const followedSymbolsAtom = atom<ReadonlySet<string>>((get) => {
  const followed = new Set((get(watchlistAtom)?.followingSymbols ?? []).map(normalizeSymbol));
  for (const [symbol, pending] of get(pendingWatchAtom)) {
    if (pending.follow) followed.add(symbol);
    else followed.delete(symbol);
  }
  return followed;
});

/** Whether the server's list has been read this session. */
export const watchlistLoadedAtom = atom((get) => get(watchlistAtom) !== null);

/**
 * The Watchlist page's rows, newest first; null until the list is read. A row being removed leaves
 * at once; a symbol being added appears with the server's answer, which brings its figures.
 */
export const watchlistItemsAtom = atom<readonly WatchlistItem[] | null>((get) => {
  const watchlist = get(watchlistAtom);
  if (watchlist === null) return null;
  const followed = get(followedSymbolsAtom);
  return watchlist.items.filter((item) => followed.has(normalizeSymbol(item.symbol)));
});

export type WatchToggleResult = { ok: true; followed: boolean } | { ok: false; message: string };

let nextPendingId = 1;
/** The calls of each symbol, one after another, so a quick follow-unfollow reaches the server in order. */
const callsBySymbol = new Map<string, Promise<unknown>>();

function inTurn<T>(symbol: string, call: () => Promise<T>): Promise<T> {
  const previous = callsBySymbol.get(symbol) ?? Promise.resolve();
  const next = previous.then(call, call);
  const settled = next.catch(() => undefined);
  callsBySymbol.set(symbol, settled);
  void settled.then(() => {
    if (callsBySymbol.get(symbol) === settled) callsBySymbol.delete(symbol);
  });
  return next;
}

/**
 * Follows the symbol (`follow` true, or by default when it is not followed) or unfollows it: flipped
 * at once, then synced. The answer (the whole list) replaces the watchlist; a refusal drops the flip
 * again and resolves with the server's message (or the spec's), for the caller to show. Use
 * `useWatchToggle` in components.
 */
export const toggleWatchAtom = atom(
  null,
  async (get, set, symbol: string, wanted?: boolean): Promise<WatchToggleResult> => {
    const key = normalizeSymbol(symbol);
    const followed = get(followedSymbolsAtom).has(key);
    const follow = wanted ?? !followed;
    if (follow === followed) return { ok: true, followed };
    const id = nextPendingId++;
    const userKey = userKeyOf(get(currentUserAtom));
    set(pendingWatchAtom, (pending) => new Map(pending).set(key, { follow, id }));
    const settle = () =>
      set(pendingWatchAtom, (pending) => {
        if (pending.get(key)?.id !== id) return pending; // a newer click on the same star owns it now
        const next = new Map(pending);
        next.delete(key);
        return next;
      });
    try {
      const watchlist = await inTurn(key, () =>
        follow ? watchlistCalls.follow(key) : watchlistCalls.unfollow(key),
      );
      set(answeredWatchlistAtom, { watchlist, over: get(pushedWatchlistAtom), userKey });
      settle();
      return { ok: true, followed: follow };
    } catch (error) {
      settle();
      const fallback = follow ? watchlistMessages.followFailed(key) : watchlistMessages.unfollowFailed(key);
      return { ok: false, message: errorMessage(error, fallback) };
    }
  },
);
