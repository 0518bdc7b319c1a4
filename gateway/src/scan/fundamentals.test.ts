import { sectors } from '@insight/shared';
import { apiPath, marketApi, universesApi } from '@insight/shared/market/schemas';
import { scanApi, type OpportunityRow, type ScanResponse } from '@insight/shared/scan/schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUserUniverse } from '../../test/factories/universes';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';

/**
 * Issue 26 §1-2: fundamentals are dated facts. Every figure here is worked out again in the test from
 * the stored quarters and closes, as a reader would with a calculator, and compared with what the
 * scanner and the stock page answer over HTTP.
 */

let t: TestApp;
let alice: HttpClient;
let aliceId: number;
let sp500: number;

beforeAll(async () => {
  t = await startTestApp({ INGEST: '1' });
  await t.app.universes.refreshSystemUniverses();
  alice = new HttpClient(t.baseUrl);
  const user = await createUser(t.app);
  aliceId = user.id;
  await signIn(alice, user);
  const universes = (await alice.get(universesApi.list)).body as { id: number; name: string }[];
  sp500 = universes.find((universe) => universe.name === 'S&P500')!.id;
}, 180_000);
afterAll(() => t?.close());

const allSectors = sectors.map((sector) => sector.id).join(',');
/** Every filter off: the scan answers each symbol of the universe with its factors. */
const noFilters = JSON.stringify({
  excludeNoRatings: false,
  removeIfAnyShort: false,
  daysToEarning: null,
  minUpside: null,
  minEps: null,
  minRoe: null,
});

async function storedQuarters(symbol: string) {
  const result = await sql<{ reported_on: string; eps: string }>`
    select reported_on::text, eps::text from fiscal_quarters where symbol = ${symbol}
    order by reported_on, period_end`.execute(t.app.db);
  return result.rows.map((row) => ({ reportedOn: row.reported_on, eps: Number(row.eps) }));
}

async function closeOn(symbol: string, day: string) {
  const result = await sql<{ close: string }>`
    select close::text from daily_bars where symbol = ${symbol} and date <= ${day}::date
    order by date desc limit 1`.execute(t.app.db);
  return Number(result.rows[0]!.close);
}

async function tradingDays(symbol: string) {
  const result = await sql<{ date: string }>`
    select date::text from daily_bars where symbol = ${symbol} order by date`.execute(t.app.db);
  return result.rows.map((row) => row.date);
}

/** P/E by hand: the day's close over the EPS of the four newest quarters reported by then. */
async function peByHand(symbol: string, day: string) {
  const known = (await storedQuarters(symbol)).filter((quarter) => quarter.reportedOn <= day);
  expect(known.length, `${symbol} has four quarters reported by ${day}`).toBeGreaterThanOrEqual(4);
  const trailing = known.slice(-4).reduce((sum, quarter) => sum + quarter.eps, 0);
  return { trailing, pe: (await closeOn(symbol, day)) / trailing };
}

/** A universe of the user holding only `symbol`. */
const universeOf = (symbol: string) => createUserUniverse(t.app, aliceId, [symbol]);

async function scanRow(symbol: string, universe: number, date?: string): Promise<OpportunityRow> {
  const query = new URLSearchParams({
    universe: String(universe),
    sectors: allSectors,
    count: '20',
    tickerSelectionParams: noFilters,
    ...(date ? { date } : {}),
  });
  const response = await alice.get(`${scanApi.scan}?${query}`);
  expect(response.status, response.text).toBe(200);
  const row = Object.values((response.body as ScanResponse).opportunities)
    .flat()
    .find((candidate) => candidate.ticker === symbol);
  expect(row, `${symbol} in the scan of ${date ?? 'today'}`).toBeDefined();
  return row!;
}

describe('fundamentals known on a day', () => {
  it('stores at least five years of quarters a stock, each with its report date', async () => {
    const quarters = await storedQuarters('AAPL');
    const days = await tradingDays('AAPL');
    expect(quarters.length).toBeGreaterThanOrEqual(20);
    // The first bar's day already knows a year of quarters: the oldest scan has its fundamentals.
    expect(quarters.filter((quarter) => quarter.reportedOn <= days[0]!).length).toBeGreaterThanOrEqual(4);
  });

  it('the P/E of a stock on a past day is its close over the trailing EPS of the quarters reported by then', async () => {
    const universe = await universeOf('AAPL');
    const days = await tradingDays('AAPL');
    for (const day of [days[300]!, days[700]!, days[days.length - 40]!]) {
      const row = await scanRow('AAPL', universe, day);
      const { trailing, pe } = await peByHand('AAPL', day);
      expect(row.factors.eps.value, day).toBeCloseTo(trailing, 2);
      expect(row.factors.pe.value, day).toBeCloseTo(pe, 2);
    }
  });

  it('a scan as of the day before a report does not see that quarter; the report day does', async () => {
    const universe = await universeOf('MSFT');
    const days = await tradingDays('MSFT');
    const quarters = await storedQuarters('MSFT');
    // The newest report with a session before it in the stored bars, on a trading day.
    const report = quarters
      .filter((quarter) => days.includes(quarter.reportedOn) && quarter.reportedOn > days[300]!)
      .at(-1)!;
    const before = days[days.indexOf(report.reportedOn) - 1]!;
    const [rowBefore, rowOn] = [
      await scanRow('MSFT', universe, before),
      await scanRow('MSFT', universe, report.reportedOn),
    ];
    const sumOfFour = (upTo: string) =>
      quarters
        .filter((quarter) => quarter.reportedOn <= upTo)
        .slice(-4)
        .reduce((sum, quarter) => sum + quarter.eps, 0);
    expect(rowBefore.factors.eps.value).toBeCloseTo(sumOfFour(before), 2);
    expect(rowOn.factors.eps.value).toBeCloseTo(sumOfFour(report.reportedOn), 2);
    expect(rowOn.factors.eps.value).not.toBeCloseTo(rowBefore.factors.eps.value!, 2);
  });

  it("shows a stock's P/E, P/B, EPS and ROE on its page as the scanner ranks it", async () => {
    const universe = await universeOf('JPM');
    const row = await scanRow('JPM', universe);
    const page = await alice.get(apiPath(marketApi.companyProfile, { symbol: 'JPM' }));
    expect(page.status).toBe(200);
    expect(page.body.pe_ratio_12m).not.toBeNull();
    expect(page.body.pe_ratio_12m).toBe(row.factors.pe.value);
    expect(page.body.pb_ratio).toBe(row.factors.pb.value);
    expect(page.body.eps).toBe(row.factors.eps.value);
    expect(page.body.roe).toBe(row.factors.roe.value);
  });
});

describe('the scanner on its defaults', () => {
  it('ranks stocks in every sector that has rated stocks, with fundamentals that spread the score', async () => {
    const query = new URLSearchParams({ universe: String(sp500), sectors: allSectors, count: '20' });
    const response = await alice.get(`${scanApi.scan}?${query}`);
    expect(response.status, response.text).toBe(200);
    const result = response.body as ScanResponse;
    const rated = await sql<{ sector: string }>`
      select distinct c.sector from ratings r join companies c on c.symbol = r.symbol
      where c.sector is not null and 'S&P 500' = any(c.indexes)
        and r.published_at > ${result.asOf}::date - interval '3 months'`.execute(t.app.db);
    expect(rated.rows.length).toBeGreaterThan(5);
    for (const { sector } of rated.rows)
      expect(result.opportunities[sector]?.length ?? 0, `rows in ${sector}`).toBeGreaterThan(0);
    const rows = Object.values(result.opportunities).flat();
    for (const row of rows) {
      expect(row.factors.eps.value, row.ticker).not.toBeNull();
      expect(row.factors.eps.value!, row.ticker).toBeGreaterThanOrEqual(0);
    }
    const fundamental = new Set(rows.map((row) => row.normalizedScores.fundumentalScore.toFixed(1)));
    expect(fundamental.size, 'distinct Fundamental scores').toBeGreaterThan(rows.length / 3);
  });
});
