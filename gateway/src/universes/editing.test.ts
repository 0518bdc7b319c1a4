import { accountApi, messages, userSchema } from '@insight/shared';
import { apiPath, universesApi } from '@insight/shared/market/schemas';
import { universeMessages, universesEditApi } from '@insight/shared/universes/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn, type UserOverrides } from '../../test/factories/users';
import { HttpClient } from '../../test/http';

interface Summary {
  id: number;
  name: string;
  system: boolean;
  updated: string;
  tickers_count: number;
}

let t: TestApp;
/** Account A: a client admin and an ordinary user. Account B: a client admin. And a system admin. */
let user: HttpClient;
let clientAdmin: HttpClient;
let otherClientAdmin: HttpClient;
let systemAdmin: HttpClient;

async function signedIn(overrides: UserOverrides = {}, accountOf?: number) {
  const created = await createUser(t.app, overrides);
  if (accountOf !== undefined) {
    const { account_id } = await t.app.db
      .selectFrom('users')
      .select('account_id')
      .where('id', '=', accountOf)
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('users').set({ account_id }).where('id', '=', created.id).execute();
  }
  const client = new HttpClient(t.baseUrl);
  await signIn(client, created);
  return { client, id: created.id };
}

beforeAll(async () => {
  t = await startTestApp({ INGEST: '0' });
  await t.app.ingestor.run('reference');
  const admin = await signedIn({ client_admin: true });
  clientAdmin = admin.client;
  user = (await signedIn({}, admin.id)).client;
  otherClientAdmin = (await signedIn({ client_admin: true })).client;
  systemAdmin = (await signedIn({ is_admin: true })).client;
}, 120_000);
afterAll(async () => t?.close());

const list = async (client: HttpClient): Promise<Summary[]> => {
  const response = await client.get(universesApi.list);
  expect(response.status).toBe(200);
  return response.body;
};
const one = (client: HttpClient, id: number) => client.get(apiPath(universesApi.one, { id }));
const create = (client: HttpClient, body: unknown) => client.post(universesEditApi.create, body);
const update = (client: HttpClient, id: number, body: unknown) =>
  client.request('PUT', apiPath(universesEditApi.update, { id }), body);
const remove = (client: HttpClient, id: number) =>
  client.request('DELETE', apiPath(universesEditApi.remove, { id }));
const history = (client: HttpClient, id: number, query = '') =>
  client.get(`${apiPath(universesEditApi.history, { id })}${query}`);
const sp500 = async () => (await list(user)).find((universe) => universe.name === 'S&P500')!;

describe("a client admin's universe", () => {
  it('is created from a ticker text split on commas, spaces and new lines, upper-cased, without duplicates', async () => {
    const response = await create(clientAdmin, {
      name: '  Big tech  ',
      tickers: 'aapl, msft\nNVDA  aapl,,\tgoog',
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ status: true, msg: universeMessages.created, tickers_count: 4 });
    const created = await one(clientAdmin, response.body.id);
    expect(created.body).toMatchObject({
      name: 'Big tech',
      system: false,
      tickers: ['AAPL', 'GOOG', 'MSFT', 'NVDA'],
    });
  });

  it("is seen by the users of the admin's account, listed after the system ones, and invisible to another account", async () => {
    const mine = (await list(user)).find((universe) => universe.name === 'Big tech');
    expect(mine).toMatchObject({ system: false, tickers_count: 4 });
    expect((await list(user)).at(-1)?.name).toBe('Big tech');
    expect((await one(user, mine!.id)).body.tickers).toEqual(['AAPL', 'GOOG', 'MSFT', 'NVDA']);

    expect((await list(otherClientAdmin)).map((universe) => universe.name)).not.toContain('Big tech');
    expect((await one(otherClientAdmin, mine!.id)).status).toBe(404);
    expect((await update(otherClientAdmin, mine!.id, { name: 'Mine now', tickers: 'AAPL' })).status).toBe(
      404,
    );
    expect((await remove(otherClientAdmin, mine!.id)).status).toBe(404);
    expect((await list(systemAdmin)).map((universe) => universe.name)).not.toContain('Big tech');
  });

  it("is in the signed-in user's universeList, as the universes call lists it, and not in another account's", async () => {
    const universeList = async (client: HttpClient) =>
      userSchema.parse((await client.post(accountApi.currentUser)).body.data).universeList;
    const listed = (await list(user)).map(({ id, name }) => ({ id, name }));
    expect(listed.map((universe) => universe.name)).toContain('Big tech');
    expect(await universeList(user)).toEqual(listed);
    expect((await universeList(otherClientAdmin)).map((universe) => universe.name)).not.toContain('Big tech');
  });

  it("may be named like another account's: names are per account", async () => {
    const response = await create(otherClientAdmin, { name: 'Big tech', tickers: ['JPM'] });
    expect(response.status, response.text).toBe(200);
    const again = await create(clientAdmin, { name: 'BIG TECH', tickers: ['JPM'] });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: false, msg: universeMessages.nameTaken('BIG TECH') });
  });

  it("is edited with {name, tickers}, or with the screen's added, removed and current symbols", async () => {
    const mine = (await list(clientAdmin)).find((universe) => universe.name === 'Big tech')!;
    const renamed = await update(clientAdmin, mine.id, { name: 'Mega caps', tickers: 'AAPL MSFT' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({
      status: true,
      msg: universeMessages.saved,
      id: mine.id,
      tickers_count: 2,
    });
    expect((await one(user, mine.id)).body).toMatchObject({ name: 'Mega caps', tickers: ['AAPL', 'MSFT'] });

    const screen = await update(clientAdmin, mine.id, {
      name: 'Mega caps',
      id: mine.id,
      current: ['AAPL', 'MSFT'],
      added: 'nvda, amzn',
      removed: ['MSFT'],
    });
    expect(screen.status, screen.text).toBe(200);
    expect((await one(user, mine.id)).body.tickers).toEqual(['AAPL', 'AMZN', 'NVDA']);

    // Only `added`: to what it holds now.
    await update(clientAdmin, mine.id, { name: 'Mega caps', added: 'MSFT' });
    expect((await one(user, mine.id)).body.tickers).toEqual(['AAPL', 'AMZN', 'MSFT', 'NVDA']);
  });

  it('is deleted by a client admin of its account', async () => {
    const made = await create(clientAdmin, { name: 'Short lived', tickers: 'AAPL' });
    const gone = await remove(clientAdmin, made.body.id);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ status: true, msg: universeMessages.deleted });
    expect((await one(clientAdmin, made.body.id)).status).toBe(404);
    expect((await list(user)).map((universe) => universe.name)).not.toContain('Short lived');
  });
});

describe('what a save refuses', () => {
  it.each([
    ['a blank name', { name: '   ', tickers: 'AAPL' }, 400, universeMessages.nameRequired],
    ['a name of 51 characters', { name: 'x'.repeat(51), tickers: 'AAPL' }, 400, universeMessages.nameTooLong],
    ['no symbols', { name: 'Empty', tickers: ' , \n' }, 400, universeMessages.noTickers],
    [
      'unknown symbols, by name',
      { name: 'Ghosts', tickers: 'AAPL ZZZQ1 qqqx9' },
      400,
      universeMessages.unknownTickers(['ZZZQ1', 'QQQX9']),
    ],
    [
      'tokens that cannot be symbols',
      { name: 'Junk', tickers: 'AAPL $$$ a/b' },
      400,
      universeMessages.notSymbols(['$$$', 'A/B']),
    ],
    [
      "a built-in universe's name",
      { name: 's&p 500', tickers: 'AAPL' },
      409,
      universeMessages.nameReserved('s&p 500'),
    ],
  ])('%s', async (_case, body, status, msg) => {
    const response = await create(clientAdmin, body);
    expect(response.status).toBe(status);
    expect(response.body.status).toBe(false);
    expect(response.body.msg).toContain(msg);
  });

  it('leaves the universe as it was when a save is refused', async () => {
    const mine = (await list(clientAdmin)).find((universe) => universe.name === 'Mega caps')!;
    const before = (await one(clientAdmin, mine.id)).body;
    const refused = await update(clientAdmin, mine.id, { name: 'Renamed', tickers: 'AAPL NOPE9' });
    expect(refused.status).toBe(400);
    expect((await one(clientAdmin, mine.id)).body).toEqual(before);
  });
});

describe('the rights matrix', () => {
  it('an ordinary user reads every universe it sees, but cannot create, edit or delete', async () => {
    const mine = (await list(user)).find((universe) => universe.name === 'Mega caps')!;
    const system = await sp500();
    expect((await one(user, system.id)).status).toBe(200);
    for (const response of [
      await create(user, { name: 'Nope', tickers: 'AAPL' }),
      await update(user, mine.id, { name: 'Nope', tickers: 'AAPL' }),
      await update(user, system.id, { name: 'S&P500', tickers: 'AAPL' }),
      await remove(user, mine.id),
      await history(user, system.id),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ status: false, msg: messages.session.forbidden });
    }
    expect((await one(user, mine.id)).body.name).toBe('Mega caps');
  });

  it('a client admin cannot edit or delete a system universe, nor create one', async () => {
    const system = await sp500();
    const edit = await update(clientAdmin, system.id, { name: 'S&P500', tickers: 'AAPL' });
    expect(edit.status).toBe(403);
    expect(edit.body.msg).toBe(universeMessages.systemReadOnly);
    const gone = await remove(clientAdmin, system.id);
    expect(gone.status).toBe(403);
    expect(gone.body.msg).toBe(universeMessages.systemNotDeletable);
    const made = await create(clientAdmin, { name: 'Sys', tickers: 'AAPL', system: true });
    expect(made.status).toBe(403);
    expect((await sp500()).tickers_count).toBeGreaterThan(400);
  });

  it('a system admin creates and edits system universes, seen by everyone; the built-in ones follow their index', async () => {
    const made = await create(systemAdmin, { name: 'Admin picks', tickers: 'AAPL MSFT', system: true });
    expect(made.status, made.text).toBe(200);
    const seen = (await list(user)).find((universe) => universe.name === 'Admin picks');
    expect(seen).toMatchObject({ system: true, tickers_count: 2 });

    const edited = await update(systemAdmin, made.body.id, { name: 'Admin picks', tickers: 'AAPL JPM XOM' });
    expect(edited.status, edited.text).toBe(200);
    expect((await one(otherClientAdmin, made.body.id)).body.tickers).toEqual(['AAPL', 'JPM', 'XOM']);
    expect((await remove(systemAdmin, made.body.id)).status).toBe(403);

    const builtIn = await update(systemAdmin, (await sp500()).id, { name: 'S&P500', tickers: 'AAPL' });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.msg).toBe(universeMessages.builtInReadOnly('S&P500'));
  });

  it('refuses an anonymous caller with 401 and a bad id with 400', async () => {
    const anonymous = new HttpClient(t.baseUrl);
    expect((await create(anonymous, { name: 'x', tickers: 'AAPL' })).status).toBe(401);
    expect((await anonymous.request('DELETE', '/api/universes/1')).status).toBe(401);
    const bad = await clientAdmin.request('PUT', '/api/universes/abc', { name: 'x', tickers: 'AAPL' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('id');
  });
});

describe('the symbols history (admins)', () => {
  it('tells which symbols entered and left, when, with the counts before and after', async () => {
    const made = await create(clientAdmin, { name: 'Tracked', tickers: 'AAPL MSFT' });
    await update(clientAdmin, made.body.id, { name: 'Tracked', tickers: 'AAPL NVDA' });
    const today = new Date().toISOString().slice(0, 10);
    const response = await history(clientAdmin, made.body.id, `?from=${today}&to=${today}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Tracked',
      from: today,
      to: today,
      count_at_from: 0,
      count_at_to: 2,
    });
    const changes = response.body.changes.map(
      (c: { symbol: string; change: string }) => `${c.change} ${c.symbol}`,
    );
    expect(changes.sort()).toEqual(['entered AAPL', 'entered MSFT', 'entered NVDA', 'left MSFT']);
    // Newest first: the second save's changes lead.
    expect(
      response.body.changes
        .slice(0, 2)
        .map((c: { symbol: string }) => c.symbol)
        .sort(),
    ).toEqual(['MSFT', 'NVDA']);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const before = await history(clientAdmin, made.body.id, `?from=${yesterday}&to=${yesterday}`);
    expect(before.body).toMatchObject({ count_at_from: 0, count_at_to: 0, changes: [] });
  });

  it("records the built-in universes' membership changes, which add up to their members", async () => {
    const system = await sp500();
    const response = await history(systemAdmin, system.id);
    expect(response.status).toBe(200);
    expect(response.body.count_at_to).toBe(system.tickers_count);
    // Dated at their real days when the companies' memberships are dated, else at the refresh.
    const changes: { change: string }[] = response.body.changes;
    expect(changes.length).toBeGreaterThan(0);
    const net = changes.reduce((sum, c) => sum + (c.change === 'entered' ? 1 : -1), 0);
    expect(response.body.count_at_from + net).toBe(response.body.count_at_to);
  });

  it('refuses a reversed range and another account’s universe', async () => {
    const mine = (await list(clientAdmin)).find((universe) => universe.name === 'Tracked')!;
    const reversed = await history(clientAdmin, mine.id, '?from=2026-02-01&to=2026-01-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toContain(universeMessages.historyRange);
    expect((await history(otherClientAdmin, mine.id)).status).toBe(404);
  });
});
