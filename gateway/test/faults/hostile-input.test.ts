import { readyApi } from '@insight/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../../src/platform/cross-site';
import {
  addPositions,
  createFile,
  openPositions,
  startPortfolioApp,
  tradingToday,
  type Investor,
} from '../../src/portfolio/portfolio.fixtures';
import type { TestApp } from '../app';
import { bodyOf, pathOf, type Owned } from './route-calls';

/**
 * Issue 14 §7: every route's schema fed with generated hostile values (fast-check). Whatever comes
 * in, the answer is never a 5xx: bad input is a 4xx naming what is wrong. Called as an admin, so
 * every route's handler is reachable, on the admin's own file.
 */
let t: TestApp;
let admin: Investor;
let routes: ApiRoute[];
let owned: Owned;

beforeAll(async () => {
  ({ t, admin } = await startPortfolioApp());
  routes = t.app.routeTable.filter((route) => !/logout$/.test(route.url));
  const fileId = (await createFile(admin, { start_budget: 100_000 })).id;
  const added = await addPositions(admin, {
    portfolio_id: fileId,
    items: [{ type: 'Buy', symbol: 'MSFT', date: tradingToday(), price: 100, quantity: 10 }],
  });
  expect(added.status, added.text).toBe(200);
  owned = { user: admin.userId, file: fileId, lot: (await openPositions(admin, fileId)).list[0]!.id };
});
afterAll(() => t.close());

const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    'AAPL\u0000',
    '\u001b[2J',
    '\u0085',
    '\ud800',
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'true',
    '9007199254740993',
    '99999999999999999999.99',
    '2024-02-30',
    '0000-00-00',
    '../../etc/passwd',
    "'; drop table users; --",
    '__proto__',
    'constructor',
    '%00',
    '𝒳'.repeat(400),
    'x'.repeat(5000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(9.007e15, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, -1, 0, -0, 0.1, 1.005, 123456789.123456),
  fc.integer(),
  fc.double({ noNaN: true }),
);
const hostileLeaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const hostileValue = fc.oneof(
  { weight: 4, arbitrary: hostileLeaf },
  { weight: 1, arbitrary: fc.array(hostileLeaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileLeaf, { maxKeys: 4 }) },
  {
    weight: 1,
    arbitrary: fc.array(fc.dictionary(fc.string(), hostileLeaf, { maxKeys: 6 }), { maxLength: 3 }),
  },
);

/** A body that is almost right (the shape every route reads from) with one hostile field, or anything at all. */
function hostileBody(route: ApiRoute) {
  const base = (bodyOf(route, owned) ?? {}) as Record<string, unknown>;
  const item = (base.items as Record<string, unknown>[] | undefined)?.[0] ?? {};
  const key = fc.constantFrom(
    ...Object.keys(base),
    'data',
    'loginData',
    'userData',
    'passData',
    'alert_id',
    'nickname',
  );
  const itemKey = fc.constantFrom(...Object.keys(item), 'reason', 'action', 'ticker', 'comment');
  return fc.oneof(
    fc.tuple(key, hostileValue).map(([k, v]) => ({ ...base, [k]: v })),
    fc.tuple(itemKey, hostileValue).map(([k, v]) => ({ ...base, items: [{ ...item, [k]: v }] })),
    hostileValue,
  );
}

describe('hostile input on every route', () => {
  it('never answers a 5xx, whatever the path, query or body', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      const path = fc.array(fc.oneof(hostileString, fc.constant(null)), {
        minLength: params.length,
        maxLength: params.length,
      });
      const query = fc.option(
        fc.dictionary(fc.constantFrom('format', 'symbols', 'q', 'limit'), hostileString),
        {
          nil: undefined,
        },
      );
      const body: fc.Arbitrary<unknown> =
        route.method === 'GET' ? fc.constant(undefined) : hostileBody(route);
      // Besides the random ones: each text of the near-valid body, in turn, with a NUL in it.
      const base = (bodyOf(route, owned) ?? {}) as Record<string, unknown>;
      const item = (base.items as Record<string, unknown>[] | undefined)?.[0] ?? {};
      type Example = [(string | null)[], undefined, unknown];
      const keep = params.map(() => null);
      const nulls: Example[] =
        route.method === 'GET'
          ? [[params.map(() => 'a\u0000b'), undefined, undefined]]
          : [
              ...Object.keys(base).map((k): Example => [keep, undefined, { ...base, [k]: 'a\u0000b' }]),
              ...Object.keys(item).map((k): Example => [
                keep,
                undefined,
                { ...base, items: [{ ...item, [k]: 'a\u0000b' }] },
              ]),
            ];
      await fc
        .assert(
          fc.asyncProperty(path, query, body, async (values, search, payload) => {
            let url = pathOf(route, owned);
            // Each hostile path value replaces the plausible one (null keeps it).
            const plausible = url.split('/');
            const pattern = route.url.split('/');
            let next = 0;
            pattern.forEach((segment, index) => {
              if (!segment.startsWith(':')) return;
              const value = values[next++];
              if (value !== null && value !== undefined && value !== '')
                plausible[index] = encodeURIComponent(value);
            });
            url = plausible.join('/');
            if (search) url += `?${new URLSearchParams(search as Record<string, string>).toString()}`;
            const response = await admin.request(
              route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
              url,
              payload === undefined ? undefined : JSON.stringify(payload),
              payload === undefined ? {} : { 'content-type': 'application/json' },
            );
            // The readiness call's 503 is its answer while the market is being prepared, not a fault.
            const preparing = route.url === readyApi && response.status === 503;
            if (response.status >= 500 && !preparing) {
              failures.push(
                `${route.method} ${url.slice(0, 200)} ${JSON.stringify(payload)?.slice(0, 300)} → ${response.status} ${response.text.slice(0, 200)}`,
              );
              return false;
            }
            return true;
          }),
          { numRuns: 15, endOnFailure: true, examples: nulls },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
