import type { Portfolio } from '@insight/shared';
import { useAtomValue } from '../../app/store';
import { currentUserAtom } from '../auth/atoms';
import { useRemote, type Remote } from '../stock/useRemote';
import { portfolioCalls } from './api';
import { portfolioVersionsAtom, readsOf, versionKey } from './atoms';

/**
 * The portfolio page's reads, each keyed on the change kinds it shows (atoms.ts): a change made in
 * this tab or pushed from another refetches exactly these, and the last answer stays on screen
 * while the next one loads.
 */

function useReadKey(read: keyof typeof readsOf, id: number | null): string {
  const versions = useAtomValue(portfolioVersionsAtom);
  return `${id ?? 'none'}:${versionKey(versions, readsOf[read])}`;
}

/** The signed-in user's file (one per user), or null when there is none yet (the new-file state). */
export function useMyPortfolio(): Remote<Portfolio | null> {
  const user = useAtomValue(currentUserAtom);
  const key = useReadKey('figures', user?.user_id ?? null);
  const remote = useRemote(`${user?.session_token ?? ''}:${key}`, async (signal) => {
    if (user === null) return null;
    const list = await portfolioCalls.list(user.user_id, signal);
    return list[0] ?? null;
  });
  return remote;
}

export function useOpenPositions(id: number) {
  const key = useReadKey('open', id);
  return useRemote(key, (signal) => portfolioCalls.openPositions(id, signal));
}

export function useClosedPositions(id: number) {
  const key = useReadKey('closed', id);
  return useRemote(key, (signal) => portfolioCalls.closedPositions(id, signal));
}

export function useFundsHistory(id: number) {
  const key = useReadKey('funds', id);
  return useRemote(key, (signal) => portfolioCalls.fundsHistory(id, signal));
}

/** The sector allocation (spec 001 §7 pie chart): the call takes no signal, so a late answer is dropped. */
export function usePieChart(id: number, attempt = 0) {
  const key = useReadKey('figures', id);
  return useRemote(`${key}:${attempt}`, () => portfolioCalls.pieChart(id));
}

/** Reads keyed on the figures, for parts outside this module (the chart). */
export const useFiguresKey = (id: number) => useReadKey('figures', id);
