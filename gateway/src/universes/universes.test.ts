import { messages } from '@insight/shared';
import { apiPath, marketMessages, universesApi } from '@insight/shared/market/schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';

interface Summary {
  id: number;
  name: string;
  system: boolean;
  updated: string;
  tickers_count: number;
}

let t: TestApp;
let investor: HttpClient;
let investorId: number;

beforeAll(async () => {
  // No backfill: the first test sees the universes before any market data, then the reference poll runs.
  t = await startTestApp({ INGEST: '0' });
  const user = await createUser(t.app);
  investorId = user.id;
  investor = new HttpClient(t.baseUrl);
  await signIn(investor, user);
});
afterAll(async () => t?.close());

const list = async (client = investor): Promise<Summary[]> => {
  const response = await client.get(universesApi.list);
  expect(response.status).toBe(200);
  return response.body;
};
const byName = async (name: string) => (await list()).find((universe) => universe.name === name)!;
const tickersOf = async (id: number, client = investor) => client.get(apiPath(universesApi.one, { id }));
const builtIn = ['S&P500', 'S&P100', 'NASDAQ100', 'RUSSELL1000', 'RUSSELL2000'];

describe('built-in universes', () => {
  it('are listed, empty, before any market data is ingested', async () => {
    const universes = await list();
    expect(universes.map((universe) => universe.name)).toEqual(builtIn);
    for (const universe of universes) expect(universe).toMatchObject({ system: true, tickers_count: 0 });
  });

  it("follow the companies' index memberships once the reference data is ingested", async () => {
    await t.app.ingestor.run('reference');
    const universes = await list();
    expect(universes.map((universe) => universe.name)).toEqual(builtIn);
    const count = async (index: string) => {
      const row = await t.app.db
        .selectFrom('companies')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(sql<boolean>`${index} = any(indexes)`)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const sp500 = universes[0]!;
    expect(sp500.tickers_count).toBeGreaterThan(400);
    expect(sp500.tickers_count).toBe(await count('S&P 500'));
    expect(universes[1]!.tickers_count).toBe(await count('S&P 100'));
    expect(universes[4]!.tickers_count).toBe(await count('Russell 2000'));
    expect(universes[4]!.tickers_count).toBeGreaterThanOrEqual(40);
  });

  it('answer their sorted tickers by id', async () => {
    const sp500 = await byName('S&P500');
    const response = await tickersOf(sp500.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: sp500.id,
      name: 'S&P500',
      system: true,
      updated: sp500.updated,
    });
    expect(response.body.tickers).toHaveLength(sp500.tickers_count);
    expect(response.body.tickers).toContain('AAPL');
    expect(response.body.tickers).toEqual([...response.body.tickers].sort());
    const small = await tickersOf((await byName('RUSSELL2000')).id);
    expect(small.body.tickers).not.toContain('AAPL');
  });

  it('are not rewritten when nothing changed: a refresh adds and removes nothing and keeps the dates', async () => {
    const before = await list();
    const summaries = await t.app.universes.refreshSystemUniverses();
    expect(summaries.map((s) => [s.name, s.added, s.removed])).toEqual(builtIn.map((name) => [name, 0, 0]));
    expect(await list()).toEqual(before);
  });

  it('follow a change of membership at the next read, touching only the universe that changed', async () => {
    const before = await list();
    await t.app.db
      .updateTable('companies')
      .set({ indexes: sql`array_remove(indexes, 'S&P 100')`, updated_at: new Date() })
      .where('symbol', '=', 'AAPL')
      .execute();
    const after = await list();
    const sp100 = after.find((universe) => universe.name === 'S&P100')!;
    expect(sp100.tickers_count).toBe(before[1]!.tickers_count - 1);
    expect(sp100.updated > before[1]!.updated).toBe(true);
    expect((await tickersOf(sp100.id)).body.tickers).not.toContain('AAPL');
    expect(after.find((universe) => universe.name === 'S&P500')).toEqual(before[0]);
  });
});

describe("a user's own universes", () => {
  it("are listed after the system ones, to their account's users only", async () => {
    const universe = await t.app.db
      .insertInto('universes')
      .values({
        name: 'My picks',
        system: false,
        owner_user_id: investorId,
        account_id: (
          await t.app.db
            .selectFrom('users')
            .select('account_id')
            .where('id', '=', investorId)
            .executeTakeFirstOrThrow()
        ).account_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('universe_symbols')
      .values(['MSFT', 'NVDA'].map((symbol) => ({ universe_id: universe.id, symbol })))
      .execute();

    const mine = await list();
    expect(mine.at(-1)).toMatchObject({ id: universe.id, name: 'My picks', system: false, tickers_count: 2 });
    expect((await tickersOf(universe.id)).body.tickers).toEqual(['MSFT', 'NVDA']);

    const other = new HttpClient(t.baseUrl);
    await signIn(other, await createUser(t.app));
    expect((await list(other)).map((u) => u.name)).not.toContain('My picks');
    const refused = await tickersOf(universe.id, other);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ status: false, msg: marketMessages.universeNotFound });
  });
});

describe('refusals', () => {
  it('answers 400 for an id that is not a number and 404 for one that does not exist', async () => {
    const bad = await investor.get('/api/universes/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('id');
    expect((await tickersOf(999_999)).status).toBe(404);
  });

  it('refuses an anonymous caller with 401 and a profile-type account with 403', async () => {
    const anonymous = await new HttpClient(t.baseUrl).get(universesApi.list);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: false, msg: messages.session.required });
    const profile = new HttpClient(t.baseUrl);
    await signIn(profile, await createUser(t.app, { account_type: 'profile' }));
    expect((await profile.get(universesApi.list)).status).toBe(403);
  });
});
