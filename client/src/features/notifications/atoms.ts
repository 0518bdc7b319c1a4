import {
  notificationsMessages,
  notificationsPageSize,
  type PortfolioNotification,
} from '@insight/shared/notifications/schemas';
import { errorMessage } from '../../api/request';
import { atom } from '../../app/store';
import { notificationCalls } from './api';

/**
 * The notifications of the portfolio on screen (spec 001 §4 "Notification bell", §9): the pages read
 * so far (5, then 5 more with each Show More), pushes laid on top as they come, and the count of the
 * last month's unseen ones, which decides the bell's red dot.
 */
export interface NotificationsState {
  portfolioId: number;
  list: readonly PortfolioNotification[];
  /** All of the file's, for Show More. */
  total: number;
  /** Last month's not yet seen: the red dot shows while above 0. */
  unseen: number;
  status: 'loading' | 'ready' | 'failed';
  /** A Show More on its way. */
  more: boolean;
}

export const notificationsAtom = atom<NotificationsState | null>(null);

/** The state of one file; a fresh one (loading) when another file's is held. */
const stateOf = (state: NotificationsState | null, portfolioId: number): NotificationsState =>
  state?.portfolioId === portfolioId
    ? state
    : { portfolioId, list: [], total: 0, unseen: 0, status: 'loading', more: false };

const byNewest = (a: PortfolioNotification, b: PortfolioNotification) =>
  b.entry_date.date.localeCompare(a.entry_date.date) || b.id - a.id;

/** `incoming` over `list`, each once, newest first. */
function merged(list: readonly PortfolioNotification[], incoming: readonly PortfolioNotification[]) {
  const byId = new Map(list.map((n) => [n.id, n]));
  for (const n of incoming) byId.set(n.id, n);
  return [...byId.values()].sort(byNewest);
}

/** Reads the first page and the last month's unseen count (on showing the bell, and after a fresh connect). */
export const loadNotificationsAtom = atom(null, async (get, set, portfolioId: number) => {
  set(notificationsAtom, stateOf(get(notificationsAtom), portfolioId));
  try {
    const shown = Math.max(notificationsPageSize, get(notificationsAtom)?.list.length ?? 0);
    const [page, month] = await Promise.all([
      notificationCalls.page(portfolioId, Math.min(shown, 100), 0),
      notificationCalls.lastMonth(portfolioId),
    ]);
    const current = stateOf(get(notificationsAtom), portfolioId);
    set(notificationsAtom, {
      ...current,
      list: merged(current.list, page.list),
      total: page.total,
      unseen: month.unseen,
      status: 'ready',
    });
  } catch (error) {
    console.warn('[notifications] could not load', errorMessage(error, notificationsMessages.loadFailed));
    const current = stateOf(get(notificationsAtom), portfolioId);
    set(notificationsAtom, { ...current, status: current.status === 'ready' ? 'ready' : 'failed' });
  }
});

/** A pushed notification of the file on screen: on top of the list, and the dot lights. */
export const receiveNotificationAtom = atom(null, (get, set, notification: PortfolioNotification) => {
  const current = get(notificationsAtom);
  if (current?.portfolioId !== notification.portfolio_id) return;
  if (current.list.some((n) => n.id === notification.id)) return;
  set(notificationsAtom, {
    ...current,
    list: merged(current.list, [notification]),
    total: current.total + 1,
    unseen: current.unseen + (notification.pop ? 0 : 1),
  });
});

/** The popover shows the list: mark what it shows seen, with its count (spec 001 §4). */
export const markShownSeenAtom = atom(null, async (get, set, portfolioId: number) => {
  const current = get(notificationsAtom);
  if (current?.portfolioId !== portfolioId || current.list.length === 0) return;
  if (current.list.every((n) => n.pop)) return;
  const count = current.list.length;
  try {
    await notificationCalls.markSeen(portfolioId, count);
    const month = await notificationCalls.lastMonth(portfolioId);
    const after = stateOf(get(notificationsAtom), portfolioId);
    const shownIds = new Set(current.list.map((n) => n.id));
    set(notificationsAtom, {
      ...after,
      list: after.list.map((n) => (shownIds.has(n.id) ? { ...n, pop: true } : n)),
      unseen: month.unseen,
    });
  } catch (error) {
    console.warn(
      '[notifications] could not mark seen',
      errorMessage(error, notificationsMessages.seenFailed),
    );
  }
});

/** Show More: 5 more, older. */
export const showMoreAtom = atom(null, async (get, set, portfolioId: number) => {
  const current = get(notificationsAtom);
  if (current?.portfolioId !== portfolioId || current.more) return;
  set(notificationsAtom, { ...current, more: true });
  try {
    const page = await notificationCalls.page(portfolioId, notificationsPageSize, current.list.length);
    const after = stateOf(get(notificationsAtom), portfolioId);
    set(notificationsAtom, { ...after, list: merged(after.list, page.list), total: page.total, more: false });
  } catch (error) {
    console.warn(
      '[notifications] could not load more',
      errorMessage(error, notificationsMessages.loadFailed),
    );
    set(notificationsAtom, { ...stateOf(get(notificationsAtom), portfolioId), more: false });
  }
});
