import fs from 'node:fs/promises';
import path from 'node:path';
import { apiPath, jobsApi, reportMessages, sectors, universesApi, type JobRow } from '@insight/shared';
import {
  reportsApi,
  reportsMessages,
  shiftMonth,
  weightsParam,
  type MarketDataJobResult,
  type MarketDataPathParams,
} from '@insight/shared/reports/schemas';
import { scanApi, type ScanResponse } from '@insight/shared/scan/schemas';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { newYorkDate } from '@insight/shared/market/calendar';
import { marketNow } from '../market/service';
import { sheetName } from './files';

let t: TestApp;
let alice: HttpClient;
let bob: HttpClient;
let admin: HttpClient;
let sp500: number;
/** The newest trading day of the market the tests run on. */
let newest: string;

const user = async (overrides: { is_admin?: boolean } = {}) => {
  const client = new HttpClient(t.baseUrl);
  await signIn(client, await createUser(t.app, overrides));
  return client;
};

beforeAll(async () => {
  t = await startTestApp({ INGEST: '1' });
  await t.app.universes.refreshSystemUniverses();
  alice = await user();
  bob = await user();
  admin = await user({ is_admin: true });
  const universes = (await alice.get(universesApi.list)).body as { id: number; name: string }[];
  sp500 = universes.find((universe) => universe.name === 'S&P500')!.id;
  const scan = await alice.get(`${scanApi.scan}?universe=${sp500}&sectors=1&count=1`);
  newest = (scan.body as ScanResponse).asOf;
}, 120_000);
afterAll(() => t?.close());

const month = () => newest.slice(0, 7);
const lastDayOf = (m: string) => {
  const [y, mm] = m.split('-').map(Number);
  return new Date(Date.UTC(y!, mm!, 0)).toISOString().slice(0, 10);
};

/** The 21 path parameters of a report with the screen's defaults, overridden. */
function reportParams(overrides: Partial<Record<keyof MarketDataPathParams, string | number>> = {}) {
  const params: Record<keyof MarketDataPathParams, string | number> = {
    fromMonth: shiftMonth(month(), -3),
    toMonth: month(),
    universe: sp500,
    sectors: '1,2',
    tickers: '-',
    count: 15,
    marketCap: '0',
    beta: '0',
    volume: '0',
    daysToEarning: 14,
    minEps: 0,
    minRoe: '-',
    minUpside: 5,
    filterAdr: 0,
    removeIfAnyShort: 1,
    excludeNoRatings: 1,
    email: '-',
    reportType: 'scored',
    settings: 0,
    team: '-',
    weights: '-',
    ...overrides,
  };
  return apiPath(reportsApi.marketData, params);
}

async function waitDone(client: HttpClient, jobId: string): Promise<JobRow> {
  const until = Date.now() + 60_000;
  for (;;) {
    const job = (await client.get(apiPath(jobsApi.get, { id: jobId }))).body.job as JobRow;
    if (job.state !== 'queued' && job.state !== 'running') return job;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${job.state}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function download(client: HttpClient, url: string) {
  const response = await fetch(t.baseUrl + url, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

async function mailsTo(email: string): Promise<string[]> {
  const outbox = path.join(t.dataDir, 'outbox');
  const files = (await fs.readdir(outbox).catch(() => [] as string[])).sort();
  const mails = await Promise.all(files.map((file) => fs.readFile(path.join(outbox, file), 'utf8')));
  return mails.filter((mail) => mail.includes(`To: ${email}`));
}

describe('Market Data report: the refusals', () => {
  it.each<[string, Partial<Record<keyof MarketDataPathParams, string | number>>, string]>([
    ['a from month not YYYY-MM', { fromMonth: '2024-13' }, reportsMessages.month],
    [
      'a from month after the to month',
      { fromMonth: '2099-01', toMonth: '2098-01' },
      reportsMessages.monthOrder,
    ],
    ['a to month in the future', { fromMonth: '2099-01', toMonth: '2099-02' }, reportsMessages.futureMonth],
    ['no sector', { sectors: ',' }, reportsMessages.sectors],
    ['an invalid mail', { email: 'not-a-mail' }, reportsMessages.email],
    ['a market cap value over 10 characters', { marketCap: '2:12345678901:-' }, reportsMessages.rangeValue],
    ['a range without its to value', { beta: '1:-:-' }, reportsMessages.range],
    ['weights that are not 16 numbers', { weights: '1,2,3' }, reportsMessages.weights],
    ['a bad team', { team: '0:2:2' }, reportsMessages.team],
    [
      'a scored download of all sectors of all symbols',
      { universe: 0, sectors: sectors.map((s) => s.id).join(',') },
      reportsMessages.scoredDownload,
    ],
  ])('refuses %s with 400', async (_name, overrides, msg) => {
    const response = await alice.get(reportParams(overrides));
    expect(response.status).toBe(400);
    expect(response.body.status).toBe(false);
    expect(response.body.msg).toContain(msg);
  });

  it('takes a mail of 100 characters; a longer one reaches its check (400 with its message, not 414)', async () => {
    const email = `${'a'.repeat(91)}@mail.com`;
    expect(email).toHaveLength(100);
    const path = reportParams({ email, sectors: '6' }).replace('%40', '@');
    expect((await alice.get(path)).status).toBe(200);
    // A well-formed address of 160 characters, over Fastify's default parameter limit of 100.
    const longer = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(26)}.example`;
    expect(longer.length).toBeGreaterThan(150);
    const response = await alice.get(path.replace(email, longer));
    expect(response.status).toBe(400);
    expect(response.body.status).toBe(false);
    expect(response.body.msg).toContain(reportsMessages.emailTooLong);
  });

  it('answers 404 for a universe the caller cannot see', async () => {
    const response = await alice.get(reportParams({ universe: 999_999 }));
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ status: false, msg: reportsMessages.unknownUniverse });
  });

  it('is asked only when signed in', async () => {
    expect((await new HttpClient(t.baseUrl).get(reportParams())).status).toBe(401);
  });

  it('lets an unscored report of all sectors of all symbols be downloaded', async () => {
    const all = { universe: 0, sectors: sectors.map((s) => s.id).join(',') };
    expect((await alice.get(reportParams({ ...all, reportType: 'performance' }))).status).toBe(200);
  });
});

describe('Market Data report: the job', () => {
  it('writes one sheet per sector whose rows are the scanner scores for the same parameters, as of the end month', async () => {
    const toMonth = month();
    const ack = await admin.get(reportParams({ toMonth, sectors: '1,2,8', count: 10 }));
    expect(ack.status).toBe(200);
    expect(ack.body).toMatchObject({
      status: true,
      msg: reportMessages.requestReceived,
      delivery: 'download',
      toMonth,
    });
    const job = await waitDone(admin, ack.body.jobId as string);
    expect(job.state).toBe('done');
    expect(job.url).toBe(`/api/jobs/${job.id}/file`);
    const summary = job.result as MarketDataJobResult;

    const file = await download(admin, job.url!);
    expect(file.status).toBe(200);
    expect(file.type).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const chosen = [sectors[0], sectors[1], sectors[7]].map((s) => s.name);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(chosen.map(sheetName));

    const scan = await admin.get(
      `${scanApi.scan}?${new URLSearchParams({
        universe: String(sp500),
        sectors: '1,2,8',
        count: '10',
        date: lastDayOf(toMonth),
        tickerSelectionParams: JSON.stringify({
          daysToEarning: 14,
          minEps: 0,
          minRoe: null,
          minUpside: 5,
          filterAdr: false,
          removeIfAnyShort: true,
          excludeNoRatings: true,
        }),
      })}`,
    );
    const scanned = scan.body as ScanResponse;
    expect(summary.asOf).toBe(scanned.asOf);
    let total = 0;
    for (const sector of chosen) {
      const sheet = workbook.getWorksheet(sheetName(sector))!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const tickerAt = header.indexOf('Ticker') + 1;
      const scoreAt = header.indexOf('Total score') + 1;
      const rows: { ticker: unknown; score: unknown }[] = [];
      sheet.eachRow((row, n) => {
        if (n > 1) rows.push({ ticker: row.getCell(tickerAt).value, score: row.getCell(scoreAt).value });
      });
      const expected = scanned.opportunities[sector]!.map((row) => ({
        ticker: row.ticker,
        score: row.totalScore,
      }));
      expect(rows).toEqual(expected);
      total += rows.length;
    }
    expect(total).toBeGreaterThan(0);
    expect(summary.rows).toBe(total);

    const csv = await admin.get(apiPath(reportsApi.marketDataCsv, { id: job.id }));
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split(/\r?\n/)).toHaveLength(total + 1);
  }, 90_000);

  it("ends a non-admin's scored report one month earlier; an admin's ends in the chosen month", async () => {
    const toMonth = month();
    const mine = await alice.get(reportParams({ toMonth, sectors: '3' }));
    expect(mine.status).toBe(200);
    expect(mine.body.toMonth).toBe(shiftMonth(toMonth, -1));
    const job = await waitDone(alice, mine.body.jobId as string);
    expect(job.state).toBe('done');
    expect((job.result as MarketDataJobResult).asOf <= lastDayOf(shiftMonth(toMonth, -1))).toBe(true);
    expect(
      (await alice.get(reportParams({ toMonth, sectors: '3', reportType: 'performance' }))).body.toMonth,
    ).toBe(toMonth);
    expect((await admin.get(reportParams({ toMonth, sectors: '3' }))).body.toMonth).toBe(toMonth);
  }, 90_000);

  it('mails the file as an attachment to the recipient and keeps it in My reports', async () => {
    const email = `reports-${Date.now()}@example.test`;
    const ack = await alice.get(reportParams({ sectors: '4', email, weights: weightsParam() }));
    expect(ack.status).toBe(200);
    expect(ack.body.delivery).toBe('mail');
    const job = await waitDone(alice, ack.body.jobId as string);
    expect(job.state).toBe('done');
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`filename=${job.file!.name}`);
    expect(mails[0]).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(mails[0]).toContain('Content-Disposition: attachment');
    const listed = (await alice.get(jobsApi.list)).body.jobs as JobRow[];
    expect(listed.find((row) => row.id === job.id)?.kind).toBe('reports.marketData');
  }, 90_000);

  it("is another user's job: bob can neither read, download, re-run nor take its CSV", async () => {
    const ack = await alice.get(reportParams({ sectors: '5' }));
    const job = await waitDone(alice, ack.body.jobId as string);
    expect(job.state).toBe('done');
    expect((await download(alice, job.url!)).status).toBe(200);
    expect((await download(bob, job.url!)).status).toBe(404);
    expect((await bob.get(apiPath(jobsApi.get, { id: job.id }))).status).toBe(404);
    expect((await bob.post(apiPath(jobsApi.rerun, { id: job.id }))).status).toBe(404);
    expect((await bob.get(apiPath(reportsApi.marketDataCsv, { id: job.id }))).status).toBe(404);
  }, 90_000);
});

describe('market trends', () => {
  it('defaults to the last 3 months up to yesterday, each line starting at 0%', async () => {
    const response = await alice.get(reportsApi.marketTrends);
    expect(response.status).toBe(200);
    const { fromDate, toDate, chart_data: chart } = response.body;
    const today = newYorkDate(marketNow(t.app.ingestor.marketStatus()?.at));
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(toDate).toBe(yesterday);
    expect(fromDate.slice(0, 7)).toBe(shiftMonth(toDate.slice(0, 7), -3));
    expect(chart.labels.length).toBeGreaterThan(10);
    expect(chart.labels[0] >= fromDate).toBe(true);
    expect(chart.labels.at(-1) <= toDate).toBe(true);
    const spy = chart.datasets.find((set: { label: string }) => set.label === 'SPY');
    expect(spy.data.find((value: number | null) => value !== null)).toBe(0);
    expect(chart.datasets.map((set: { label: string }) => set.label)).toContain('XLK');
  });

  it.each([
    ['a one-day range', '?fromDate=2025-03-03&toDate=2025-03-04', reportsMessages.widerRange],
    ['a reversed range', '?fromDate=2025-03-10&toDate=2025-03-04', reportsMessages.widerRange],
    ['a date not YYYY-MM-DD', '?fromDate=03/01/2025', reportsMessages.date],
  ])('refuses %s with 400', async (_name, query, msg) => {
    const response = await alice.get(`${reportsApi.marketTrends}${query}`);
    expect(response.status).toBe(400);
    expect(response.body.status).toBe(false);
    expect(response.body.msg).toContain(msg);
  });
});

describe('analyst sector trend', () => {
  const trend = (p: Record<string, string | number>) =>
    apiPath(reportsApi.analystSectorTrend, {
      long: 1,
      short: 1,
      teamOnly: 0,
      compareMonths: 3,
      startMonth: shiftMonth(month(), -2),
      universe: 0,
      ...p,
    });

  it('counts the stored ratings per sector and period: net long minus short, and the change', async () => {
    const both = (await alice.get(trend({}))).body;
    const longOnly = (await alice.get(trend({ short: 0 }))).body;
    expect(both.chart_data.labels).toHaveLength(11);
    expect(both.chart_data.labels[0]).toBe('IT');
    const recent = both.counts.reduce(
      (sum: number, c: { recent: { long: number; short: number } }) => sum + c.recent.long + c.recent.short,
      0,
    );
    expect(recent).toBeGreaterThan(0);
    both.counts.forEach(
      (
        c: { previous: { long: number; short: number }; recent: { long: number; short: number } },
        i: number,
      ) => {
        expect(both.chart_data.datasets[0].data[i]).toBe(c.previous.long - c.previous.short);
        expect(both.chart_data.datasets[1].data[i]).toBe(c.recent.long - c.recent.short);
        expect(both.chart_data.datasets[2].data[i]).toBe(
          c.recent.long - c.recent.short - (c.previous.long - c.previous.short),
        );
        expect(longOnly.counts[i].recent).toEqual({ long: c.recent.long, short: 0 });
      },
    );
    const team = (await alice.get(trend({ teamOnly: 1 }))).body;
    team.counts.forEach((c: { recent: { long: number } }, i: number) =>
      expect(c.recent.long).toBeLessThanOrEqual(both.counts[i].recent.long),
    );
    const sp = (await alice.get(trend({ universe: sp500 }))).body;
    expect(sp.status).toBe(true);
  });

  it.each([
    ['neither long nor short', { long: 0, short: 0 }, 400, reportsMessages.longOrShort],
    ['compare months of 2', { compareMonths: 2 }, 400, reportsMessages.compareMonths],
    ['a start month not YYYY-MM', { startMonth: '2025-1' }, 400, reportsMessages.month],
    ['a start month in the future', { startMonth: '2099-01' }, 400, reportsMessages.futureMonth],
    ['a flag that is not 0 or 1', { teamOnly: 'yes' }, 400, 'teamOnly'],
    ['an unknown universe', { universe: 999_999 }, 404, reportsMessages.unknownUniverse],
  ])('refuses %s', async (_name, p, status, msg) => {
    const response = await alice.get(trend(p));
    expect(response.status).toBe(status);
    expect(response.body.status).toBe(false);
    expect(response.body.msg).toContain(msg);
  });
});
