import { portfolioChangeKinds, type PortfolioChanged } from '@insight/shared';
import type { Observable } from 'rxjs';
import { map, merge, scan, skip, startWith } from 'rxjs';
import { freshConnects$, on$, type AppSocket } from './listen';

export type PortfolioChangeKind = PortfolioChanged['kind'];

/**
 * How many times each kind of portfolio change was heard this session. A screen keys its reads on
 * the kinds it shows, so a push from another tab refetches exactly what changed.
 */
export type PortfolioVersions = Readonly<Record<PortfolioChangeKind, number>>;

export const noPortfolioChanges: PortfolioVersions = Object.freeze(
  Object.fromEntries(portfolioChangeKinds.map((kind) => [kind, 0])) as Record<PortfolioChangeKind, number>,
);

/** Counts one change of `kind`, or of every kind (`'all'`: what may have been missed). */
export function countChange(
  versions: PortfolioVersions,
  kind: PortfolioChangeKind | 'all',
): PortfolioVersions {
  if (kind !== 'all') return { ...versions, [kind]: versions[kind] + 1 };
  return Object.fromEntries(portfolioChangeKinds.map((each) => [each, versions[each] + 1])) as Record<
    PortfolioChangeKind,
    number
  >;
}

/**
 * One session's portfolio changes: each 'portfolio:changed' push (the user's other tabs, and this
 * one's own calls echoed by the server) counts its kind. A later reconnect the server could not
 * recover may have missed pushes, so it counts every kind.
 */
export function portfolioVersionsOf(socket: AppSocket): Observable<PortfolioVersions> {
  const pushed$ = on$(socket, 'portfolio:changed').pipe(map((change) => change.kind));
  // The first fresh connect is the session's start: nothing was missed before it.
  const missed$ = freshConnects$(socket).pipe(
    skip(1),
    map(() => 'all' as const),
  );
  return merge(pushed$, missed$).pipe(scan(countChange, noPortfolioChanges), startWith(noPortfolioChanges));
}
