import type { ApiRoute } from '../../src/platform/cross-site';
import { tradingToday } from '../../src/portfolio/portfolio.fixtures';
import type { HttpClient } from '../http';

/** Whose things a generated call names: a user, their file and one of its positions. */
export interface Owned {
  user: number;
  file: number;
  lot: number;
}

/** A path with its parameters filled: ids of the given owner's things, plausible values elsewhere. */
export function pathOf(route: ApiRoute, ids: Owned) {
  const values: Record<string, string> = {
    id: String(ids.file),
    userId: String(ids.user),
    user: String(ids.user),
    portfolio: String(ids.file),
    count: '1',
    offset: '0',
    symbol: 'AAPL',
    etf: 'SPY',
    start: '2024-01-02',
    from: '2024-01-01',
    to: '2024-12-31',
  };
  return route.url.replace(/:(\w+)/g, (_match, name: string) => values[name] ?? '1');
}

/** One body that every write reads what it needs from (zod drops the keys a route does not know). */
export function bodyOf(route: ApiRoute, ids: Owned) {
  if (route.method === 'GET') return undefined;
  const item = {
    id: ids.lot,
    type: 'Buy',
    symbol: 'AAPL',
    date: tradingToday(),
    price: 100,
    quantity: 1,
    notes: '',
  };
  return {
    user: ids.user,
    portfolio_id: ids.file,
    portfolioId: ids.file,
    pid: ids.file,
    portfolio: ids.file,
    units: 10,
    deposit: false,
    start_budget: 1000,
    items: [item],
    scurity_ids: [ids.lot],
    name: 'A file',
    notes: 'a note',
    comment: 'a comment',
    symbol: 'AAPL',
    ticker: 'AAPL',
    nickname: 'Nick',
    reason: 'Risk',
    action: 'Buy',
    date: tradingToday(),
    etfs: ['SPY'],
    settings: [],
    preferences: {},
  };
}

export const call = (client: HttpClient, route: ApiRoute, ids: Owned) =>
  client.request(route.method as 'GET' | 'POST' | 'PUT' | 'DELETE', pathOf(route, ids), bodyOf(route, ids));
