import {
  adminToolsApi,
  adminToolsMessages,
  apiPath,
  demoAccounts,
  marketApi,
  type JobRow,
} from '@insight/shared';
import { newYorkDate } from '@insight/shared/market/calendar';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketWriteRepo } from '../market/repo';
import { marketNow } from '../market/service';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { connectSocket } from '../../test/socket';

let t: TestApp;
let admin: HttpClient;
let investor: HttpClient & { userId: number };
let today: string;

const shift = (date: string, days: number) => {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await startTestApp({ INGEST: '1', DEMO_SEED: '1' });
  await t.app.ingestor.start();
  // The polls stop: the test decides what the system knows.
  await t.app.ingestor.stop();
  today = newYorkDate(marketNow(t.app.ingestor.marketStatus()?.at));
  admin = new HttpClient(t.baseUrl);
  await signIn(
    admin,
    demoAccounts.find((account) => account.role === 'admin')!,
  );
  const user = await createUser(t.app);
  investor = Object.assign(new HttpClient(t.baseUrl), { userId: user.id });
  await signIn(investor, user);
}, 240_000);
afterAll(async () => t?.close());

describe('every admin utility is for system admins only', () => {
  it('answers 403 to an ordinary user', async () => {
    const other = await createUser(t.app);
    const calls: [string, string, unknown?][] = [
      ['POST', adminToolsApi.addSymbols, { tickers: 'AAPL', sector_id: 0 }],
      ['GET', adminToolsApi.symbolsNoSectors],
      ['POST', adminToolsApi.setEarningDate, { ticker: 'AAPL', earning_date: shift(today, 10) }],
      ['GET', apiPath(adminToolsApi.userOrders, { id: other.id })],
      ['GET', apiPath(adminToolsApi.userOrdersCsv, { id: other.id })],
      ['GET', apiPath(adminToolsApi.copyFile, { from: investor.userId, to: other.id })],
    ];
    for (const [method, path, body] of calls) {
      const response = await investor.request(method as 'GET' | 'POST', path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.status).toBe(false);
    }
  });
});

describe('Add Symbols', () => {
  it('refuses an empty list and symbols the upstream does not know, by name', async () => {
    const empty = await admin.post(adminToolsApi.addSymbols, { tickers: ' , \n', sector_id: 0 });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ status: false, msg: adminToolsMessages.noSymbols });
    const unknown = await admin.post(adminToolsApi.addSymbols, {
      tickers: 'aapl, zzzq1 ZZZQ2',
      sector_id: 0,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('Unknown symbols: ZZZQ1, ZZZQ2');
    const known = await admin.post(adminToolsApi.addSymbols, { tickers: 'AAPL', sector_id: 0 });
    expect(known.body).toMatchObject({ status: true, count: 0, jobId: null });
  });

  it('brings a new symbol in by a job the admin watches; it then appears in search and on its stock page', async () => {
    const symbol = 'NFLX';
    const ratingsBefore = await t.app.db
      .selectFrom('ratings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('symbol', '=', symbol)
      .executeTakeFirstOrThrow();
    for (const table of ['ratings', 'daily_bars', 'quotes', 'earnings', 'companies']) {
      await sql`delete from ${sql.table(table)} where symbol = ${symbol}`.execute(t.app.db);
    }
    const search = () => admin.get(apiPath(marketApi.findSymbol, { text: symbol, limit: 10, offset: 0 }));
    expect((await search()).body.map((hit: { symbol: string }) => hit.symbol)).not.toContain(symbol);
    expect((await admin.get(apiPath(marketApi.fetchStock, { symbol }))).status).toBe(404);
    expect((await admin.get(adminToolsApi.symbolsNoSectors)).body.tickers).not.toContain(symbol);

    const socket = await connectSocket(t.baseUrl, { as: admin });
    const added = await admin.post(adminToolsApi.addSymbols, { tickers: 'nflx', sector_id: 0 });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ status: true, count: 1 });
    const jobId = added.body.jobId as string;
    await socket.waitFor('job:progress', { where: (p) => p.jobId === jobId, timeoutMs: 60_000 });
    const done = await socket.waitFor('job:done', { where: (p) => p.jobId === jobId, timeoutMs: 120_000 });
    expect(done.state).toBe('done');
    socket.close();
    const job = (await admin.get(`/api/jobs/${jobId}`)).body.job as JobRow;
    expect(job.kind).toBe('admin.addSymbols');
    expect(job.progress).toMatchObject({ done: 4, total: 4 });

    expect((await search()).body[0]).toMatchObject({ symbol });
    const stock = await admin.get(apiPath(marketApi.fetchStock, { symbol }));
    expect(stock.status).toBe(200);
    expect(stock.body).toMatchObject({ symbol, sector: 'Communication Services' });
    expect(typeof stock.body.lastPrice).toBe('number');
    const bars = await t.app.db
      .selectFrom('daily_bars')
      .select([(eb) => eb.fn.min('date').as('first'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('symbol', '=', symbol)
      .executeTakeFirstOrThrow();
    expect(Number(bars.n)).toBeGreaterThan(4 * 250);
    expect(String(bars.first) <= shift(today, -4 * 365)).toBe(true);
    const ratingsAfter = await t.app.db
      .selectFrom('ratings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('symbol', '=', symbol)
      .executeTakeFirstOrThrow();
    expect(Number(ratingsAfter.n)).toBe(Number(ratingsBefore.n));
  }, 180_000);
});

describe('Update Earnings Date', () => {
  // What the reference poll does with earnings dates (the polls are stopped in this file).
  const ingestEarnings = async () =>
    marketWriteRepo(t.app.db).upsertEarnings(
      await t.app.upstream.earnings(shift(today, -400), shift(today, 120)),
    );
  const stockOf = async (symbol: string) => (await admin.get(apiPath(marketApi.fetchStock, { symbol }))).body;

  it('refuses a date before today and an unknown symbol', async () => {
    const past = await admin.post(adminToolsApi.setEarningDate, {
      ticker: 'MSFT',
      earning_date: shift(today, -1),
    });
    expect(past.status).toBe(400);
    expect(past.body.msg).toBe(adminToolsMessages.earningBeforeToday);
    const unknown = await admin.post(adminToolsApi.setEarningDate, {
      ticker: 'ZZZQ1',
      earning_date: shift(today, 3),
    });
    expect(unknown.status).toBe(400);
    const bad = await admin.post(adminToolsApi.setEarningDate, { ticker: 'MSFT', earning_date: 'soon' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('earning_date');
  });

  it('holds over the upstream dates before it, through a new ingestion', async () => {
    const upstreamNext = (await stockOf('MSFT')).earningDate as string | null;
    const date = shift(upstreamNext ?? today, 20);
    const set = await admin.post(adminToolsApi.setEarningDate, { ticker: 'msft', earning_date: date });
    expect(set.status).toBe(200);
    expect(set.body.status).toBe(true);
    expect((await stockOf('MSFT')).earningDate).toBe(date);
    await ingestEarnings();
    expect((await stockOf('MSFT')).earningDate).toBe(date);

    // Once the date has passed, the override hides nothing more: the upstream's dates come back.
    await t.app.db
      .updateTable('earnings_overrides')
      .set({ from_date: shift(today, -60), earning_date: shift(today, -30) })
      .where('symbol', '=', 'MSFT')
      .execute();
    await t.app.db.deleteFrom('earnings').where('symbol', '=', 'MSFT').where('date', '=', date).execute();
    await ingestEarnings();
    expect((await stockOf('MSFT')).earningDate).toBe(upstreamNext);
  }, 60_000);
});

describe('User Orders by User ID', () => {
  it('answers a message and a CSV link of the user’s positions and funds', async () => {
    const owner = await createUser(t.app);
    const portfolio = await t.app.db
      .insertInto('portfolios')
      .values({ user_id: owner.id, name: 'Main', created: '2024-01-02' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('portfolio_funds')
      .values({
        portfolio_id: portfolio.id,
        date: '2024-01-02',
        units: 1000,
        unit_price: '10',
        amount: '10000',
        notes: 'first, deposit',
      })
      .execute();
    await t.app.db
      .insertInto('portfolio_positions')
      .values({
        portfolio_id: portfolio.id,
        symbol: 'AAPL',
        kind: 'Long',
        entry_date: '2024-01-03',
        entry_price: '180.5',
        quantity: 10,
        close_date: null,
        close_price: null,
        parent_id: null,
      })
      .execute();
    const answer = await admin.get(apiPath(adminToolsApi.userOrders, { id: owner.id }));
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe(`User ${owner.id}: 1 positions and 1 fund movements`);
    const csv = await admin.get(answer.body.url);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('record,date,symbol,side,quantity,price,close_date,close_price,amount,notes');
    expect(lines[1]).toBe('deposit,2024-01-02,,,1000,10,,,10000,"first, deposit"');
    expect(lines[2]).toMatch(/^position,2024-01-03,AAPL,Long,10,180\.5/);
    expect((await admin.get(apiPath(adminToolsApi.userOrders, { id: 99_999_999 }))).status).toBe(404);
  });
});

describe('Copy portfolio from user to user', () => {
  const fileOf = async (userId: number) => {
    const portfolio = await t.app.db
      .selectFrom('portfolios')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!portfolio) return null;
    const funds = await t.app.db
      .selectFrom('portfolio_funds')
      .select(['date', 'units', 'unit_price', 'amount'])
      .where('portfolio_id', '=', portfolio.id)
      .orderBy('id')
      .execute();
    const positions = await t.app.db
      .selectFrom('portfolio_positions')
      .select(['id', 'symbol', 'kind', 'quantity', 'entry_price', 'close_date', 'parent_id'])
      .where('portfolio_id', '=', portfolio.id)
      .orderBy('id')
      .execute();
    const settings = await t.app.db
      .selectFrom('portfolio_monitor_settings')
      .select(['notification_settings', 'preferences'])
      .where('portfolio_id', '=', portfolio.id)
      .executeTakeFirst();
    return { name: portfolio.name, funds, positions, settings };
  };
  const withFile = async (name: string, symbol: string) => {
    const user = await createUser(t.app);
    const portfolio = await t.app.db
      .insertInto('portfolios')
      .values({ user_id: user.id, name, created: '2024-02-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('portfolio_funds')
      .values({
        portfolio_id: portfolio.id,
        date: '2024-02-01',
        units: 500,
        unit_price: '10',
        amount: '5000',
      })
      .execute();
    const open = await t.app.db
      .insertInto('portfolio_positions')
      .values({
        portfolio_id: portfolio.id,
        symbol,
        kind: 'Long',
        entry_date: '2024-02-02',
        entry_price: '100.25',
        quantity: 10,
        close_date: null,
        close_price: null,
        parent_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('portfolio_positions')
      .values({
        portfolio_id: portfolio.id,
        symbol,
        kind: 'Long',
        entry_date: '2024-02-02',
        entry_price: '100.25',
        quantity: 5,
        close_date: '2024-03-01',
        close_price: '110',
        parent_id: open.id,
      })
      .execute();
    await t.app.db
      .insertInto('portfolio_monitor_settings')
      .values({
        portfolio_id: portfolio.id,
        notification_settings: JSON.stringify([{ type: 'stop_loss', value: 5, checked: true }]),
        preferences: JSON.stringify({ email: true }),
      })
      .execute();
    return user.id;
  };
  const copy = (from: number | string, to: number | string, replace = false) =>
    admin.get(`/api/file/copy_file_to_user/${from}/${to}${replace ? '?replace=true' : ''}`);

  it('needs both users ("missing users")', async () => {
    for (const path of [
      '/api/file/copy_file_to_user/',
      '/api/file/copy_file_to_user/5',
      '/api/file/copy_file_to_user/0/5',
      '/api/file/copy_file_to_user/x/5',
    ]) {
      const response = await admin.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body.msg, path).toBe(adminToolsMessages.missingUsers);
    }
  });

  it('copies the whole file, and replaces a target’s file only when confirmed', async () => {
    const from = await withFile('Source', 'AAPL');
    const to = (await createUser(t.app)).id;
    const copied = await copy(from, to);
    expect(copied.status).toBe(200);
    expect(copied.body.status).toBe(true);
    const source = await fileOf(from);
    const target = await fileOf(to);
    const strip = (file: Awaited<ReturnType<typeof fileOf>>) => ({
      ...file,
      positions: file!.positions.map(({ id: _id, parent_id, ...rest }) => ({
        ...rest,
        child: parent_id !== null,
      })),
    });
    expect(strip(target)).toEqual(strip(source));
    // The closed split names the copy's own parent lot.
    expect(target!.positions[1]!.parent_id).toBe(target!.positions[0]!.id);

    const other = await withFile('Other', 'MSFT');
    const refused = await copy(other, to);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(adminToolsMessages.targetHasFile);
    expect((await fileOf(to))!.name).toBe('Source');
    const replaced = await copy(other, to, true);
    expect(replaced.status).toBe(200);
    expect((await fileOf(to))!.positions.map((p) => p.symbol)).toEqual(['MSFT', 'MSFT']);
    expect((await fileOf(other))!.name).toBe('Other');
  });

  it('is one transaction: a failure half-way leaves the target unchanged', async () => {
    const from = await withFile('Source', 'NVDA');
    const to = await withFile('Target', 'AMZN');
    const before = await fileOf(to);
    // A real failure at the last step (the monitor settings), after the old file was deleted and the
    // funds and positions copied.
    await sql`create or replace function fail_copy() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`.execute(t.app.db);
    await sql`create trigger fail_copy before insert on portfolio_monitor_settings for each row execute function fail_copy()`.execute(
      t.app.db,
    );
    try {
      const response = await copy(from, to, true);
      expect(response.status).toBe(500);
      expect(response.body.status).toBe(false);
    } finally {
      await sql`drop trigger fail_copy on portfolio_monitor_settings`.execute(t.app.db);
    }
    expect(await fileOf(to)).toEqual(before);
  });
});

describe('ETF allocations', () => {
  it('lists the ETFs and answers their sector weights', async () => {
    const keys = await investor.get(adminToolsApi.etfKeys);
    expect(keys.status).toBe(200);
    expect(keys.body.keys).toEqual(expect.arrayContaining(['SPY', 'XLK']));
    const weights = await investor.post(adminToolsApi.etfWeights, { etfs: ['XLK', 'SPY'] });
    expect(weights.status).toBe(200);
    expect(weights.body.weights.XLK).toEqual({ 'Information Technology': 100 });
    const spy = weights.body.weights.SPY as Record<string, number>;
    expect(Object.values(spy).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
    expect(Object.keys(spy).length).toBeGreaterThan(5);
    const unknown = await investor.post(adminToolsApi.etfWeights, { etfs: 'AAPL' });
    expect(unknown.status).toBe(400);
  });
});
