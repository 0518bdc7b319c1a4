import { can, portfolioApi, type Role } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../../src/platform/cross-site';
import {
  addPositions,
  createFile,
  investor,
  openPositions,
  startPortfolioApp,
  tradingToday,
  type Investor,
} from '../../src/portfolio/portfolio.fixtures';
import type { TestApp } from '../app';
import { HttpClient } from '../http';
import { call } from './route-calls';

/**
 * Issue 14 §7: the authorisation matrix, generated from the route table the gateway builds as routes
 * register. Every /api route is called by an anonymous caller, by each role, and, on another user's
 * file, by an investor who does not own it. A route added tomorrow is in the matrix without a line
 * here.
 */
let t: TestApp;
let routes: ApiRoute[];
let victim: Investor;
let intruder: Investor;
let fileId: number;
let lotId: number;
const callers = new Map<Role, HttpClient>();
const roleFlags: Record<Role, Parameters<typeof investor>[1]> = {
  user: {},
  client_admin: { client_admin: true },
  admin: { is_admin: true },
  profile: { account_type: 'profile' },
};

beforeAll(async () => {
  ({ t } = await startPortfolioApp());
  routes = t.app.routeTable.filter(
    (route) => route.url !== '/api/user/logout' && route.url !== '/api/v1/logout',
  );
  for (const role of Object.keys(roleFlags) as Role[]) callers.set(role, await investor(t, roleFlags[role]));
  victim = await investor(t);
  intruder = await investor(t);
  fileId = (await createFile(victim, { start_budget: 100_000 })).id;
  const added = await addPositions(victim, {
    portfolio_id: fileId,
    items: [{ type: 'Buy', symbol: 'AAPL', date: tradingToday(), price: 100, quantity: 10 }],
  });
  expect(added.status, added.text).toBe(200);
  lotId = (await openPositions(victim, fileId)).list[0]!.id;
});
afterAll(() => t.close());

const nowhere = { user: 2_000_000_000, file: 2_000_000_000, lot: 2_000_000_000 };

describe('the authorisation matrix', () => {
  it('is generated from a route table that has every feature in it', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.every((route) => route.effect === 'read' || route.effect === 'write')).toBe(true);
  });

  it('answers 401 to an anonymous caller on every route that is not public, whatever the body', async () => {
    const anonymous = new HttpClient(t.baseUrl);
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const response = await call(anonymous, route, nowhere);
      if (response.status !== 401) wrong.push(`${route.method} ${route.url}: ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(Object.keys(roleFlags) as Role[])(
    'lets a %s through exactly the routes its role may use',
    async (role) => {
      const client = callers.get(role)!;
      const wrong: string[] = [];
      for (const route of routes.filter((r) => r.access !== 'public')) {
        const response = await call(client, route, nowhere);
        const allowed = can([role], route.access as Exclude<ApiRoute['access'], 'public'>);
        if (response.status >= 500)
          wrong.push(`${route.method} ${route.url}: ${response.status} ${response.text}`);
        else if (allowed && (response.status === 401 || response.status === 403))
          wrong.push(`${route.method} ${route.url}: refused ${response.status}`);
        else if (!allowed && response.status !== 403)
          wrong.push(`${route.method} ${route.url}: not refused (${response.status})`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it("answers another user's file and positions as unknown (404, never 403 or 2xx), and changes nothing", async () => {
    const before = await snapshot();
    const owned = { user: victim.userId, file: fileId, lot: lotId };
    const wrong: string[] = [];
    // These ask only about the caller's own file (no id): the intruder, who has none, gets its empty answer.
    const aboutTheCallersFile = new Set<string>([portfolioApi.isSymbolInFile, portfolioApi.tickers]);
    const ofAnOwner = (r: ApiRoute) =>
      !aboutTheCallersFile.has(r.url) &&
      (r.access === 'portfolio.use' ||
        (r.access === 'tools.use' && /:(userId|user|portfolio)\b/.test(r.url)));
    for (const route of routes.filter(ofAnOwner)) {
      const response = await call(intruder, route, owned);
      const answer = `${route.method} ${route.url}: ${response.status} ${response.text.slice(0, 120)}`;
      if (response.status === 403 || response.status >= 500) wrong.push(answer);
      else if (response.status < 300) wrong.push(answer);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

async function snapshot() {
  const db = t.app.db;
  const [funds, lots, files] = await Promise.all([
    db.selectFrom('portfolio_funds').selectAll().where('portfolio_id', '=', fileId).execute(),
    db.selectFrom('portfolio_positions').selectAll().where('portfolio_id', '=', fileId).execute(),
    db.selectFrom('portfolios').selectAll().where('id', '=', fileId).execute(),
  ]);
  return { funds, lots, files };
}
