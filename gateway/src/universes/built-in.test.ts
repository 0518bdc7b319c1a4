import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiPath, universesApi } from '@insight/shared/market/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { universesRepo } from './repo';

// Real reference data kept outside the repo (see /work/shared/data/README.md); read-only, test time only.
const csvPath = fileURLToPath(new URL('../../../../shared/data/sp500-constituents.csv', import.meta.url));
const sp500Symbols = existsSync(csvPath)
  ? readFileSync(csvPath, 'utf8')
      .split(/\r?\n/)
      .slice(1)
      .filter((line) => line.trim() !== '')
      .map((line) => line.slice(0, line.indexOf(',')))
      .sort()
  : null;

interface Summary {
  id: number;
  name: string;
  system: boolean;
  tickers_count: number;
  description: string | null;
}

let t: TestApp;
let investor: HttpClient;
let universes: Map<string, Summary>;

beforeAll(async () => {
  // The reference data only (companies and their memberships): no bars are needed here.
  t = await startTestApp({ INGEST: '0' });
  investor = new HttpClient(t.baseUrl);
  await signIn(investor, await createUser(t.app));
  await t.app.ingestor.run('reference');
  const response = await investor.get(universesApi.list);
  expect(response.status).toBe(200);
  universes = new Map((response.body as Summary[]).map((universe) => [universe.name, universe]));
});
afterAll(async () => t?.close());

const builtIn = (name: string) => universes.get(name)!;
const tickersOf = async (name: string): Promise<string[]> =>
  (await investor.get(apiPath(universesApi.one, { id: builtIn(name).id }))).body.tickers;
const membersOn = (name: string, day: string) => universesRepo(t.app.db).symbolsAsOf(builtIn(name).id, day);

describe('the built-in universes', () => {
  it("store each company's dated memberships, as the upstream sends them", async () => {
    const lkq = await t.app.db
      .selectFrom('companies')
      .select('index_history')
      .where('symbol', '=', 'LKQ')
      .executeTakeFirstOrThrow();
    expect(lkq.index_history).toContainEqual({ index: 'S&P 500', entered: '2016-05-23', left: '2025-12-22' });
  });

  it('hold all of the S&P 500, the S&P 100 and the NASDAQ 100 still listed', async () => {
    if (sp500Symbols) expect(await tickersOf('S&P500')).toEqual(sp500Symbols);
    expect(builtIn('S&P500').tickers_count).toBe(sp500Symbols?.length ?? 503);
    expect(builtIn('S&P100').tickers_count).toBe(101);
    expect(builtIn('NASDAQ100').tickers_count).toBe(100);
  });

  it('hold more in the Russell 1000 than the S&P 500, and no Russell 2000 company among them', async () => {
    expect(builtIn('RUSSELL1000').tickers_count).toBeGreaterThan(builtIn('S&P500').tickers_count);
    const large = new Set(await tickersOf('RUSSELL1000'));
    for (const symbol of await tickersOf('S&P500')) expect(large.has(symbol), symbol).toBe(true);
    const small = await tickersOf('RUSSELL2000');
    expect(small.length).toBeGreaterThanOrEqual(140);
    expect(small.filter((symbol) => large.has(symbol))).toEqual([]);
  });

  it('say whether they hold the whole index, as of its newest change, or a sample of it', () => {
    expect(builtIn('S&P500').description).toBe(
      'The S&P 500: all 503 members as of August 5, 2026 (large US companies).',
    );
    expect(builtIn('S&P100').description).toBe(
      'The S&P 100: all 101 members as of September 22, 2025 (the largest S&P 500 companies).',
    );
    expect(builtIn('NASDAQ100').description).toBe(
      'A sample of the NASDAQ 100: 100 of its 101 members (the largest non-financial companies listed on Nasdaq).',
    );
    expect(builtIn('RUSSELL1000').description).toBe(
      `A sample of the Russell 1000: ${builtIn('RUSSELL1000').tickers_count} of its about 1,000 members (US large and mid caps).`,
    );
    expect(builtIn('RUSSELL2000').description).toBe(
      `A sample of the Russell 2000: ${builtIn('RUSSELL2000').tickers_count} of its about 2,000 members (US small caps).`,
    );
  });

  it('answer the members of a day before a dated change, and the new ones from its day', async () => {
    // 2025-12-22: Carvana, CRH and Comfort Systems joined the S&P 500; LKQ and Mohawk left it.
    const before = await membersOn('S&P500', '2025-12-19');
    const after = await membersOn('S&P500', '2025-12-22');
    for (const symbol of ['LKQ', 'MHK']) {
      expect(before).toContain(symbol);
      expect(after).not.toContain(symbol);
    }
    for (const symbol of ['CVNA', 'CRH', 'FIX']) {
      expect(before).not.toContain(symbol);
      expect(after).toContain(symbol);
    }
    // 2025-09-22: Uber replaced Charter in the S&P 100.
    const sp100 = await membersOn('S&P100', '2025-09-19');
    expect(sp100).toContain('CHTR');
    expect(sp100).not.toContain('UBER');
    expect(sp100).toHaveLength(101);
    // The NASDAQ 100 before its reconstitution of 2025-12-22.
    const nasdaq = await membersOn('NASDAQ100', '2025-12-19');
    expect(nasdaq).toEqual(expect.arrayContaining(['BIIB', 'CDW', 'GFS', 'LULU', 'ON', 'TTD']));
    expect(nasdaq).not.toContain('ALNY');
    expect(nasdaq).not.toContain('WMT');
    // Today's members are the current ones.
    const today = new Date().toISOString().slice(0, 10);
    expect(await membersOn('S&P500', today)).toEqual(await tickersOf('S&P500'));
  });

  it('record each change on its New York day, in the history the admins read', async () => {
    const day = new Date('2025-12-22T05:00:00Z'); // midnight in New York (EST)
    const changes = await universesRepo(t.app.db).changesBetween(
      builtIn('S&P500').id,
      day,
      new Date(day.getTime() + 86_400_000),
    );
    expect(changes).toEqual(
      expect.arrayContaining([
        { symbol: 'CVNA', change: 'entered', at: day },
        { symbol: 'LKQ', change: 'left', at: day },
      ]),
    );
  });

  it('are not redated again by the next refresh', async () => {
    const summaries = await t.app.universes.refreshSystemUniverses();
    expect(summaries.map((s) => [s.name, s.added, s.removed, s.redated])).toEqual(
      ['S&P500', 'S&P100', 'NASDAQ100', 'RUSSELL1000', 'RUSSELL2000'].map((name) => [name, 0, 0, 0]),
    );
  });

  it('answer a universe with nothing recorded by a day with its current members, undescribed unless built in', async () => {
    const repo = universesRepo(t.app.db);
    const id = await repo.createSystem('Recorded today');
    await repo.replaceSymbols(id, ['MSFT', 'NVDA']);
    expect(await repo.symbolsAsOf(id, '2024-01-02')).toEqual(['MSFT', 'NVDA']);
    const listed = ((await investor.get(universesApi.list)).body as Summary[]).find((u) => u.id === id);
    expect(listed?.description).toBeNull();
  });
});
