import fs from 'node:fs/promises';
import path from 'node:path';
import { jobsApi, type JobRow } from '@insight/shared';
import { backtestApi, backtestMessages, type BacktestGraphResponse } from '@insight/shared/backtest/schemas';
import { apiPath, universesApi } from '@insight/shared/market/schemas';
import { Dec } from '@insight/shared/portfolio/accounting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';

let t: TestApp;
let user: HttpClient;
let admin: HttpClient;
let other: HttpClient;
let sp500: number;
/** SPY's trading days, ascending. */
let days: string[];

const monthOf = (day: string) => day.slice(0, 7);
const monthsBefore = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return d.toISOString().slice(0, 7);
};

async function closesOf(symbol: string): Promise<Map<string, string>> {
  const rows = await t.app.db
    .selectFrom('daily_bars')
    .select(['date', 'close'])
    .where('symbol', '=', symbol)
    .orderBy('date')
    .execute();
  return new Map(rows.map((row) => [String(row.date), String(row.close)]));
}

async function waitForJob(client: HttpClient, jobId: string, timeoutMs = 90_000): Promise<JobRow> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const job = (await client.get(apiPath(jobsApi.get, { id: jobId }))).body.job as JobRow;
    if (job.state === 'done' || job.state === 'failed' || job.state === 'cancelled') return job;
    if (Date.now() > end) throw new Error(`job ${jobId} still ${job.state}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  t = await startTestApp({ INGEST: '1' });
  await t.app.universes.refreshSystemUniverses();
  user = new HttpClient(t.baseUrl);
  admin = new HttpClient(t.baseUrl);
  other = new HttpClient(t.baseUrl);
  await signIn(user, await createUser(t.app));
  await signIn(admin, await createUser(t.app, { is_admin: true }));
  await signIn(other, await createUser(t.app));
  const universes = (await admin.get(universesApi.list)).body as { id: number; name: string }[];
  sp500 = universes.find((universe) => universe.name === 'S&P500')!.id;
  days = [...(await closesOf('SPY')).keys()];
}, 180_000);
afterAll(() => t?.close());

describe('validation of the backtest calls', () => {
  const month = () => monthsBefore(monthOf(days[days.length - 1]!), 2);

  it.each([
    ['no symbols', { tickers: '' }, backtestMessages.noTickers],
    ['a month that is not one', { start_month: '2026-13' }, 'start_month: use YYYY-MM or YYYY-MM-DD'],
    ['an end before the start', { end_month: '2000-01' }, backtestMessages.badRange],
    ['a symbol that is not one', { tickers: 'AAPL, 12$' }, 'tickers.1: not a symbol'],
  ])('the chart refuses %s', async (_, change, msg) => {
    const body = { start_month: month(), end_month: month(), tickers: 'AAPL', ...change };
    const response = await user.post(backtestApi.graph, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: false, msg });
  });

  it('the Excel by mail needs a valid recipient', async () => {
    const body = { start_month: month(), end_month: month(), tickers: 'AAPL' };
    expect((await user.post(backtestApi.excel, body)).body.msg).toMatch(/^email: /);
    expect((await user.post(backtestApi.excel, { ...body, email: 'nope' })).status).toBe(400);
    expect((await user.post(backtestApi.excel, { ...body, email: `${'a'.repeat(95)}@x.com` })).status).toBe(
      400,
    );
  });

  it.each([
    ['recipient', { email: '' }],
    ['portfolio count', { numFiles: '' }],
    ['stock count', { numTickers: null }],
  ])('a strategy backtest without a %s answers "missing data"', async (_, change) => {
    const body = {
      start_month: month(),
      end_month: month(),
      universeId: sp500,
      numFiles: 3,
      numTickers: 20,
      num_inv_months: 2,
      email: 'a@b.com',
      ...change,
    };
    const response = await admin.post(backtestApi.strategy, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: false, msg: 'missing data' });
  });

  it('a strategy backtest is for admins only, with 1 to 4 portfolios and a known universe', async () => {
    const body = {
      start_month: month(),
      end_month: month(),
      universeId: sp500,
      numFiles: 3,
      numTickers: 20,
      email: 'a@b.com',
    };
    expect((await user.post(backtestApi.strategy, body)).status).toBe(403);
    expect((await admin.post(backtestApi.strategy, { ...body, numFiles: 5 })).status).toBe(400);
    expect((await admin.post(backtestApi.strategy, { ...body, num_inv_months: 0 })).status).toBe(400);
    expect((await admin.post(backtestApi.strategy, { ...body, universeId: 999_999 })).status).toBe(404);
  });
});

describe('the backtest chart', () => {
  it('holds each symbol from the close before the period to its end, against SPY by default', async () => {
    const end = monthsBefore(monthOf(days[days.length - 1]!), 1);
    const start = monthsBefore(end, 2);
    const response = await user.post(backtestApi.graph, {
      start_month: start,
      end_month: end,
      tickers: 'AAPL msft,NOPE',
    });
    expect(response.status).toBe(200);
    const body = response.body as BacktestGraphResponse;
    expect(body.series.map((s) => [s.name, s.kind])).toEqual([
      ['AAPL', 'symbol'],
      ['MSFT', 'symbol'],
      ['Equal weight', 'portfolio'],
      ['SPY', 'benchmark'],
    ]);
    expect(body.missing).toEqual(['NOPE']);
    // Independently: the last close of the period over the last close before it.
    const spy = await closesOf('SPY');
    const inside = days.filter((day) => day >= `${start}-01` && day <= `${end}-31`);
    const before = days.filter((day) => day < `${start}-01`).pop()!;
    expect(body.dates[0]).toBe(before);
    const expected = new Dec(spy.get(inside[inside.length - 1]!)!).div(spy.get(before)!).minus(1);
    expect(body.series[3]!.stats.totalReturn).toBeCloseTo(expected.toNumber(), 6);
    expect(body.series[3]!.monthly.map((m) => m.month)).toEqual([start, monthsBefore(end, 1), end]);
  });
});

describe('Backtest this analyst', () => {
  it('equals the independent computation of a hand-made history', async () => {
    // Three alerts of an analyst of our own: buy AAPL and MSFT on day a; sell AAPL on day b.
    const a = days[days.length - 40]!;
    const b = days[days.length - 20]!;
    const last = days[days.length - 1]!;
    const at = (day: string) => new Date(`${day}T15:00:00Z`); // 10 or 11 am in New York
    const rating = (id: string, symbol: string, kind: 'buy' | 'sell', day: string) => ({
      id,
      analyst_id: 'bt-analyst',
      analyst: 'Back Tester',
      firm: 'Test',
      symbol,
      rating: kind,
      price_target: '1',
      price_when_posted: '1',
      published_at: at(day),
    });
    await t.app.db
      .insertInto('ratings')
      .values([
        rating('bt-1', 'AAPL', 'buy', a),
        rating('bt-2', 'MSFT', 'buy', a),
        rating('bt-3', 'AAPL', 'sell', b),
      ])
      .execute();
    const response = await user.post(backtestApi.analyst, {
      analystId: 'bt-analyst',
      start_month: monthOf(a),
      end_month: monthOf(last),
    });
    expect(response.status).toBe(200);
    const body = response.body as BacktestGraphResponse;
    expect(body.trades).toEqual([
      expect.objectContaining({ symbol: 'AAPL', entry: a, exit: b, why: 'sell' }),
      expect.objectContaining({ symbol: 'MSFT', entry: a, exit: body.end, why: 'end' }),
    ]);
    // Independently: equal money in both from a's close; at b AAPL is sold and MSFT alone is held.
    const [aapl, msft] = [await closesOf('AAPL'), await closesOf('MSFT')];
    const growth = (closes: Map<string, string>, from: string, to: string) =>
      new Dec(closes.get(to)!).div(closes.get(from)!);
    const firstLeg = growth(aapl, a, b)
      .plus(growth(msft, a, b))
      .div(2);
    const expected = firstLeg.times(growth(msft, b, body.end)).minus(1);
    expect(body.series[0]!.name).toBe('Back Tester');
    expect(body.series[0]!.stats.totalReturn).toBeCloseTo(expected.toNumber(), 6);
    expect(body.series[1]!.name).toBe('SPY');
  });

  it('answers 404 for an unknown analyst', async () => {
    expect((await user.post(backtestApi.analyst, { analystId: 'nobody-here' })).status).toBe(404);
  });
});

describe('Backtest my filter', () => {
  it('follows the feed alerts that pass the filter, against SPY; a filter that is not one answers 400', async () => {
    const ok = await user.post(backtestApi.filter, { filter: { rating: ['buy'] } });
    expect(ok.status).toBe(200);
    expect((ok.body as BacktestGraphResponse).series.map((s) => s.name)).toEqual(['My filter', 'SPY']);
    const bad = await user.post(backtestApi.filter, { filter: { rating: ['maybe'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('filter: not a filter of the feed');
  });
});

describe('the strategy backtest', () => {
  const run = async (start: string, end: string) => {
    const response = await admin.post(backtestApi.strategy, {
      start_month: start,
      end_month: end,
      universeId: sp500,
      numFiles: 2,
      numTickers: 5,
      num_inv_months: 1,
      email: 'boss@example.test',
    });
    expect(response.status).toBe(200);
    expect(response.body.msg).toBe(backtestMessages.strategyAccepted);
    return response.body.jobId as string;
  };

  it('is point in time, mailed, in My reports, and its owner’s alone', async () => {
    const end = monthsBefore(monthOf(days[days.length - 1]!), 1);
    const start = monthsBefore(end, 1);
    const first = await waitForJob(admin, await run(start, end), 180_000);
    expect(first.state).toBe('done');
    const result = first.result as { decisions: { day: string; portfolios: string[][] }[] };
    expect(result.decisions).toHaveLength(2);
    const decision = result.decisions[0]!;
    expect(decision.day < `${start}-01`).toBe(true);
    expect(decision.portfolios.flat().length).toBeGreaterThan(0);

    // The file downloads for its owner, not for another user, who cannot cancel it either.
    const file = await admin.get(first.url!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect((await other.get(first.url!)).status).toBe(404);
    expect((await other.post(apiPath(jobsApi.cancel, { id: first.id }), {})).status).toBe(404);
    const mails = await fs.readdir(path.join(t.dataDir, 'outbox'));
    const texts = await Promise.all(mails.map((m) => fs.readFile(path.join(t.dataDir, 'outbox', m), 'utf8')));
    expect(
      texts.some((text) => text.includes('boss@example.test') && text.includes('strategy-backtest-')),
    ).toBe(true);

    // A strong buy published the day after the first decision, by every analyst of the picks' sectors,
    // on symbols not picked: the first month's picks stay as they were.
    const after = days[days.indexOf(decision.day) + 1]!;
    const analysts = await t.app.db
      .selectFrom('ratings')
      .select(['analyst_id', 'analyst'])
      .distinct()
      .limit(40)
      .execute();
    const picked = new Set(decision.portfolios.flat());
    const outsiders = (
      await t.app.db
        .selectFrom('universe_symbols')
        .select('symbol')
        .where('universe_id', '=', sp500)
        .limit(60)
        .execute()
    )
      .map((row) => row.symbol)
      .filter((symbol) => !picked.has(symbol))
      .slice(0, 20);
    await t.app.db
      .insertInto('ratings')
      .values(
        analysts.flatMap((analyst, i) =>
          outsiders.map((symbol, j) => ({
            id: `pit-${i}-${j}`,
            analyst_id: analyst.analyst_id,
            analyst: analyst.analyst,
            firm: 'Test',
            symbol,
            rating: 'buy' as const,
            price_target: '100000',
            price_when_posted: '1',
            published_at: new Date(`${after}T15:00:00Z`),
          })),
        ),
      )
      .execute();
    const second = await waitForJob(admin, await run(start, end), 180_000);
    expect(second.state).toBe('done');
    const again = (second.result as typeof result).decisions[0]!;
    expect(again).toEqual(decision);
  }, 400_000);
});
