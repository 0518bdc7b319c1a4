import path from 'node:path';
import fs from 'node:fs/promises';
import { sectors } from '@insight/shared';
import { judgeSector, type ScanFacts } from '@insight/shared/scan/engine';
import {
  canDownloadReport,
  effectiveToMonth,
  isWideEnough,
  marketTrendSymbols,
  reportsMessages,
  shiftMonth,
  type AnalystSectorTrendParams,
  type AnalystSectorTrendResponse,
  type MarketDataAck,
  type MarketDataJobResult,
  type MarketDataParams,
  type MarketTrendsQuery,
  type MarketTrendsResponse,
} from '@insight/shared/reports/schemas';
import type { ReportParams, ScanFilterOverrides } from '@insight/shared/scan/schemas';
import { reportMessages } from '@insight/shared/common/messages';
import type { JobContext, JobResult } from '../jobs/service';
import { mailJobResult } from '../jobs/delivery';
import type { Db } from '../platform/db';
import { badRequest, HttpError } from '../platform/errors';
import type { Mailer } from '../platform/mail';
import { writeWorkbookFile } from '../platform/workbook';
import { allSymbols, checkScan, runScan, type ScanCache, type ScanParams } from '../scan/service';
import { universesRepo } from '../universes/repo';
import { reportCsv, reportWorkbook, type ReportRow } from './files';
import { reportsRepo } from './repo';

export interface ReportsDeps {
  db: Db;
  cache: ScanCache;
  mailer: Mailer;
  /** The market's today, YYYY-MM-DD (New York). */
  today: () => string;
}

export interface Caller {
  userId: number;
  isAdmin: boolean;
}

/** What a Market Data job is queued with: the parsed parameters and the months after the rules. */
export interface MarketDataJob {
  caller: Caller;
  params: MarketDataParams;
  fromMonth: string;
  toMonth: string;
}

// ---------------------------------------------------------------- dates

const monthOf = (day: string) => day.slice(0, 7);
const firstDayOf = (month: string) => `${month}-01`;
function lastDayOf(month: string) {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, m!, 0)).toISOString().slice(0, 10);
}
function shiftDay(day: string, by: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
}
/** The same day `by` months away (clamped to the month's end). */
function shiftDayMonths(day: string, by: number) {
  const month = shiftMonth(monthOf(day), by);
  const last = lastDayOf(month);
  const wanted = `${month}-${day.slice(8, 10)}`;
  return wanted > last ? last : wanted;
}

/** The close on the newest date on or before `day` (dates ascending), or null. */
function closeAsOf(series: { dates: readonly string[]; closes: readonly number[] } | undefined, day: string) {
  if (!series) return null;
  let lo = 0;
  let hi = series.dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (series.dates[mid]! <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? null : series.closes[lo - 1]!;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

// ---------------------------------------------------------------- Market Data

const filtersOf = (params: MarketDataParams): ScanFilterOverrides => ({
  screeners: { marketCap: params.marketCap, beta: params.beta, volume: params.volume },
  daysToEarning: params.daysToEarning === null ? null : Math.round(params.daysToEarning),
  minEps: params.minEps,
  minRoe: params.minRoe,
  minUpside: params.minUpside,
  filterAdr: params.filterAdr,
  removeIfAnyShort: params.removeIfAnyShort,
  excludeNoRatings: params.excludeNoRatings,
});

const reportParamsOf = (params: MarketDataParams): ReportParams | undefined =>
  params.team === null && params.weights === null
    ? undefined
    : { ...(params.team ?? {}), ...(params.weights ? { weights: params.weights } : {}) };

/** The scan a report runs: the scanner's own, as of the report's day, point in time. */
export function scanOfReport(job: MarketDataJob, scanId: string, asOf: string): ScanParams {
  const { params, caller } = job;
  const narrowed = params.tickers !== null || params.reportType === 'performance';
  return {
    scanId,
    userId: caller.userId,
    isAdmin: caller.isAdmin,
    universeId: params.universe,
    settingId: params.settings === 0 ? undefined : params.settings,
    sectorIds: params.sectors,
    // Narrowed or re-ranked reports take every passing symbol, then cut.
    count: narrowed ? 500 : params.count,
    date: asOf,
    // A saved setting (parameter 19) brings its own filters instead of parameters 7 to 16.
    filters: params.settings === 0 ? filtersOf(params) : undefined,
    reportParams: caller.isAdmin ? reportParamsOf(params) : undefined,
  };
}

/**
 * The Market Data report (spec 002 §2.4, §7.6; spec 001 §5): checked when asked, then run as a job
 * of the one runner; its workbook (one sheet per sector) and CSV wait in My reports and are mailed
 * when a recipient is given.
 */
export class MarketDataReports {
  constructor(private readonly deps: ReportsDeps) {}

  /** The refusals (400/404) and the months after the rules; the job is queued by the caller. */
  async check(caller: Caller, params: MarketDataParams): Promise<MarketDataJob> {
    if (params.fromMonth > params.toMonth) throw badRequest(reportsMessages.monthOrder, 'fromMonth');
    if (params.toMonth > monthOf(this.deps.today())) throw badRequest(reportsMessages.futureMonth, 'toMonth');
    if (
      params.email === null &&
      !canDownloadReport({
        reportType: params.reportType,
        sectorCount: params.sectors.length,
        universe: params.universe,
      })
    )
      throw badRequest(reportsMessages.scoredDownload, 'email');
    const toMonth = effectiveToMonth(params.toMonth, params.reportType, caller.isAdmin);
    // A from month past the shortened end starts with it.
    const fromMonth = params.fromMonth > toMonth ? toMonth : params.fromMonth;
    const job: MarketDataJob = { caller, params, fromMonth, toMonth };
    await checkScan(this.deps, scanOfReport(job, 'check', lastDayOf(toMonth)));
    return job;
  }

  ack(jobId: string, job: MarketDataJob): MarketDataAck {
    return {
      status: true,
      msg: reportMessages.requestReceived,
      jobId,
      delivery: job.params.email === null ? 'download' : 'mail',
      fromMonth: job.fromMonth,
      toMonth: job.toMonth,
    };
  }

  /** The job: scores per sector as of the to month's last trading day, the returns, the files, the mail. */
  async run(ctx: JobContext<MarketDataJob>): Promise<JobResult> {
    const job = ctx.params;
    const { params } = job;
    const asOf = lastDayOf(job.toMonth);
    const total = params.sectors.length;
    await ctx.progress({ done: 0, total, phase: 'Scoring' });
    let done = 0;
    const result = await runScan(
      this.deps,
      scanOfReport(job, ctx.jobId, asOf),
      (event) => {
        if (event.type !== 'sector') return;
        done += 1;
        void ctx.progress({ done, total, sector: event.payload.sector }).catch(() => {});
      },
      ctx.signal,
    );
    const series = this.deps.cache.loaded?.facts.series;
    const base = shiftDay(firstDayOf(job.fromMonth), -1);
    const tickers = params.tickers === null ? null : new Set(params.tickers);
    const bySector = new Map<string, ReportRow[]>();
    for (const [sector, rows] of Object.entries(result.opportunities)) {
      let reportRows: ReportRow[] = rows
        .filter((row) => tickers === null || tickers.has(row.ticker))
        .map((row) => {
          const symbol = series?.get(row.ticker);
          const start = closeAsOf(symbol, base) ?? symbol?.closes[0] ?? null;
          const end = closeAsOf(symbol, result.asOf);
          const periodReturn = start && end !== null ? round2((end / start - 1) * 100) : null;
          return { ...row, periodReturn };
        });
      if (params.reportType === 'performance')
        reportRows = reportRows.sort((a, b) => (b.periodReturn ?? -Infinity) - (a.periodReturn ?? -Infinity));
      bySector.set(sector, reportRows.slice(0, params.count));
    }

    const title = `Market Data ${job.fromMonth} to ${job.toMonth} (as of ${result.asOf})`;
    const name = `market-data-${job.fromMonth}-to-${job.toMonth}`;
    const csv = `${name}.csv`;
    const file = await writeWorkbookFile(
      ctx.outputDir,
      `${name}.xlsx`,
      await reportWorkbook(bySector, params.reportType, title),
    );
    await fs.writeFile(path.join(ctx.outputDir, csv), reportCsv(bySector, params.reportType));
    const summary: MarketDataJobResult = {
      asOf: result.asOf,
      fromMonth: job.fromMonth,
      toMonth: job.toMonth,
      rows: [...bySector.values()].reduce((sum, rows) => sum + rows.length, 0),
      sheets: [...bySector.keys()],
      csv,
    };
    const jobResult: JobResult = {
      file,
      result: summary,
    };
    if (params.email !== null)
      await mailJobResult(
        this.deps.mailer,
        {
          to: params.email,
          subject: `Insight: your Market Data report, ${job.fromMonth} to ${job.toMonth}`,
          text: `${title}: ${summary.rows} symbols in ${summary.sheets.length} sector sheets.`,
        },
        jobResult,
      );
    await ctx.progress({ done: total, total, phase: 'Done' });
    return jobResult;
  }
}

// ---------------------------------------------------------------- market trends

/**
 * The market trend graph (spec 001 §5, §7, §9): each of SPY, RSP and the eleven sector ETFs as its
 * percent change since its first close in the range, per trading day. Default range: the last 3
 * months up to yesterday; a range under 2 days is refused ("Please select a wider date range").
 */
export async function marketTrends(
  deps: ReportsDeps,
  query: MarketTrendsQuery,
): Promise<MarketTrendsResponse> {
  const yesterday = shiftDay(deps.today(), -1);
  const toDate = query.toDate ?? yesterday;
  const fromDate = query.fromDate ?? shiftDayMonths(toDate, -3);
  if (!isWideEnough(fromDate, toDate)) throw badRequest(reportsMessages.widerRange, 'fromDate');
  const rows = await reportsRepo(deps.db).closes(marketTrendSymbols, fromDate, toDate);
  const labels = [...new Set(rows.map((row) => row.date))].sort();
  const index = new Map(labels.map((date, i) => [date, i]));
  const datasets = marketTrendSymbols.map((symbol) => {
    const data: (number | null)[] = labels.map(() => null);
    let first: number | null = null;
    for (const row of rows) {
      if (row.symbol !== symbol) continue;
      first ??= row.close;
      data[index.get(row.date)!] = first > 0 ? round2((row.close / first - 1) * 100) : null;
    }
    return { label: symbol, data };
  });
  return {
    status: true,
    fromDate,
    toDate,
    chart_data: {
      labels,
      datasets: datasets.filter((set) => set.data.some((v) => v !== null)),
      first: labels[0] ?? null,
    },
  };
}

// ---------------------------------------------------------------- analyst sector trend

/**
 * The analyst sector trend (spec 001 §2, §7, §9), from the stored ratings. Two periods of
 * `compareMonths` months are compared: the recent one begins with `startMonth`, the previous one
 * ends the day before it. For each sector (display order) and period, the ratings published in the
 * period on the universe's symbols are counted: buy ratings when `long`, sell ratings when `short`.
 * The chart's value is the net count (counted buys minus counted sells); the third series is the
 * change, recent minus previous. `teamOnly` counts only the ratings of the sector's analyst team as
 * of the day before the recent period (the scanner's team, default parameters). A recent period that
 * runs past today is cut at today.
 */
export async function analystSectorTrend(
  deps: ReportsDeps,
  userId: number,
  params: AnalystSectorTrendParams,
): Promise<AnalystSectorTrendResponse> {
  if (!params.long && !params.short) throw badRequest(reportsMessages.longOrShort, 'long');
  const today = deps.today();
  if (params.startMonth > monthOf(today)) throw badRequest(reportsMessages.futureMonth, 'startMonth');
  let universe: Set<string> | null = null;
  if (params.universe !== allSymbols) {
    const universes = universesRepo(deps.db);
    const found = await universes.findVisible(params.universe, await universes.accountOf(userId));
    if (!found) throw new HttpError(404, reportsMessages.unknownUniverse);
    universe = new Set(await universes.symbolsOf(params.universe));
  }
  const recentFrom = firstDayOf(params.startMonth);
  const recentEnd = lastDayOf(shiftMonth(params.startMonth, params.compareMonths - 1));
  const recentTo = recentEnd > today ? today : recentEnd;
  const previousFrom = firstDayOf(shiftMonth(params.startMonth, -params.compareMonths));
  const previousTo = shiftDay(recentFrom, -1);

  const { facts, stamp } = await deps.cache.facts(deps.db, () => {});
  const order = sectorDisplayOrder
    .map((name) => sectors.find((sector) => sector.name === name)!)
    .filter(Boolean);
  const counts: AnalystSectorTrendResponse['counts'] = [];
  for (const sector of order) {
    const team = params.teamOnly ? teamOf(deps.cache, facts, stamp, sector, previousTo) : null;
    const previous = { long: 0, short: 0 };
    const recent = { long: 0, short: 0 };
    for (const rating of facts.ratingsBySector.get(sector.name) ?? []) {
      if (universe && !universe.has(rating.symbol)) continue;
      if (team && !team.has(rating.analystId)) continue;
      const day = rating.publishedDay;
      const bucket =
        day >= recentFrom && day <= recentTo
          ? recent
          : day >= previousFrom && day <= previousTo
            ? previous
            : null;
      if (!bucket) continue;
      if (rating.rating === 'buy' && params.long) bucket.long += 1;
      if (rating.rating === 'sell' && params.short) bucket.short += 1;
    }
    counts.push({ sector: sector.name, previous, recent });
  }
  const net = (c: { long: number; short: number }) => c.long - c.short;
  const label = (from: string, to: string) => `${from.slice(0, 7)} to ${to.slice(0, 7)}`;
  return {
    status: true,
    previous: [previousFrom, previousTo],
    recent: [recentFrom, recentTo],
    chart_data: {
      labels: counts.map((c) => sectorLabel(c.sector)),
      datasets: [
        { label: label(previousFrom, previousTo), data: counts.map((c) => net(c.previous)) },
        { label: label(recentFrom, recentTo), data: counts.map((c) => net(c.recent)) },
        { label: 'Change', data: counts.map((c) => net(c.recent) - net(c.previous)) },
      ],
      first: previousFrom,
    },
    counts,
  };
}

/** Spec 001 §9: the sector display order. */
const sectorDisplayOrder = [
  'Information Technology',
  'Health Care',
  'Consumer Staples',
  'Real Estate',
  'Energy',
  'Consumer Discretionary',
  'Communication Services',
  'Financials',
  'Utilities',
  'Industrials',
  'Materials',
];
const sectorLabels: Record<string, string> = {
  'Information Technology': 'IT',
  'Health Care': 'Healthcare',
  'Consumer Staples': 'Staples',
  'Consumer Discretionary': 'Discretionary',
  'Communication Services': 'Communication',
};
const sectorLabel = (name: string) => sectorLabels[name] ?? name;

function teamOf(
  cache: ScanCache,
  facts: ScanFacts,
  stamp: string,
  sector: { name: string; symbol: string },
  asOf: string,
): Set<string> {
  const key = `trend|${stamp}|${asOf}|${sector.name}`;
  const judgement =
    cache.judgements.get(key) ??
    cache.remember(cache.judgements, key, judgeSector(facts, sector.name, sector.symbol, asOf));
  return new Set(judgement.team.map((member) => member.analystId));
}
