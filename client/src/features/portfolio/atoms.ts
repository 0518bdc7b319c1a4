import { defaultBenchmarks } from '@insight/shared';
import { atom, atomWithObservable } from '../../app/store';
import {
  noPortfolioChanges,
  portfolioVersions$,
  type PortfolioChangeKind,
  type PortfolioVersions,
} from '../../realtime/streams';
import { countChange } from '../../realtime/portfolio';

/**
 * The portfolio page's shared state (style.md habit 8). Reads are keyed on change counts: a push
 * from another tab ('portfolio:changed') or a call made here bumps the kind it changed, and each
 * part of the page refetches when a kind it shows moves.
 */

/** The pushed changes this session heard. */
const pushedVersionsAtom = atomWithObservable(() => portfolioVersions$, { initialValue: noPortfolioChanges });

/** The changes this tab made itself: refetched at once, without waiting for the server's echo. */
const localVersionsAtom = atom<PortfolioVersions>(noPortfolioChanges);

/** Both counts, per kind. */
export const portfolioVersionsAtom = atom<PortfolioVersions>((get) => {
  const pushed = get(pushedVersionsAtom);
  const local = get(localVersionsAtom);
  return Object.fromEntries(
    Object.entries(pushed).map(([kind, count]) => [kind, count + local[kind as PortfolioChangeKind]]),
  ) as Record<PortfolioChangeKind, number>;
});

/** Say that this tab changed the portfolio (`'all'` when unsure): what shows that kind refetches. */
export const portfolioChangedAtom = atom(null, (_get, set, kind: PortfolioChangeKind | 'all') =>
  set(localVersionsAtom, (versions) => countChange(versions, kind)),
);

/** What each part of the page shows, by the change kinds that move it. */
export const readsOf = {
  figures: ['created', 'funds', 'positions', 'closed', 'deleted', 'reset'],
  open: ['created', 'funds', 'positions', 'closed', 'deleted', 'reset'],
  closed: ['created', 'closed', 'deleted', 'reset'],
  funds: ['created', 'funds', 'reset'],
  actions: ['created', 'actions', 'reset'],
} as const satisfies Record<string, readonly PortfolioChangeKind[]>;

/** A read's key part for `kinds`: it changes when any of them does. */
export function versionKey(versions: PortfolioVersions, kinds: readonly PortfolioChangeKind[]): string {
  return kinds.map((kind) => versions[kind]).join('.');
}

/** The benchmarks the performance chart compares with (spec 001 §9: SPY and RSP by default). */
export const chartBenchmarksAtom = atom<readonly string[]>([...defaultBenchmarks]);
