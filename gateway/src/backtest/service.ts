import { sectors } from '@insight/shared';
import { tradesOfAlerts, type AlertFact, type AlertTrade } from '@insight/shared/backtest/alerts';
import {
  chain,
  performance,
  portfolioReturns,
  toFigure,
  wealth,
  type Closes,
  type DailyReturn,
  type Position,
} from '@insight/shared/backtest/returns';
import {
  backtestMessages,
  defaultBenchmark,
  type BacktestGraphResponse,
  type BacktestSeries,
} from '@insight/shared/backtest/schemas';
import { newYorkDate } from '@insight/shared/market/calendar';
import { rankAcrossSectors } from '@insight/shared/scan/engine';
import { randomUUID } from 'node:crypto';
import type { Db } from '../platform/db';
import { HttpError } from '../platform/errors';
import { runScan, type ScanCache } from '../scan/service';
import { universesRepo } from '../universes/repo';
import { backtestRepo } from './repo';

// ---------------------------------------------------------------- periods

export interface DayRange {
  from: string;
  to: string;
}

const lastDayOfMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** Yesterday in New York: the backtest ends there at the latest (spec 002 §9). */
export function yesterday(now = new Date()): string {
  const today = newYorkDate(now);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** A month (its first to its last day) or a day, to a day range ending yesterday at the latest. */
export function rangeOf(start: string, end: string, now = new Date()): DayRange {
  const from = start.length === 7 ? `${start}-01` : start;
  const endDay = end.length === 7 ? lastDayOfMonth(end) : end;
  const cap = yesterday(now);
  const to = endDay < cap ? endDay : cap;
  if (to < from) throw new HttpError(400, backtestMessages.badRange, 'end_month');
  return { from, to };
}

/** The months (YYYY-MM) a range touches. */
export function monthsOf(range: DayRange): string[] {
  const months: string[] = [];
  let [y, m] = range.from.split('-').map(Number) as [number, number];
  const last = range.to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    months.push(month);
    if (month >= last) return months;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

// ---------------------------------------------------------------- series

/** One line of a backtest: its cumulative value each day, its months and its figures. */
export function seriesOf(
  name: string,
  kind: BacktestSeries['kind'],
  returns: readonly DailyReturn[],
): BacktestSeries {
  const figures = performance(returns);
  return {
    name,
    kind,
    values: wealth(returns).map((w) => toFigure(w.value.minus(1))),
    monthly: figures.monthly.map((m) => ({ month: m.month, value: toFigure(m.value) })),
    stats: {
      totalReturn: toFigure(figures.totalReturn),
      volatility: toFigure(figures.volatility),
      sharpe: figures.sharpe === null ? null : toFigure(figures.sharpe, 4),
      maxDrawdown: toFigure(figures.maxDrawdown),
    },
  };
}

/** A symbol bought at its first close in the calendar and held to the end. */
function holdReturns(calendar: readonly string[], closes: Closes | undefined) {
  const first = calendar.find((day) => closes?.has(day));
  if (!first || !closes) return null;
  const { returns } = portfolioReturns(
    calendar,
    [{ symbol: 'x', entry: first, exit: calendar[calendar.length - 1]! }],
    () => closes,
  );
  return returns;
}

async function calendarOf(db: Db, range: DayRange) {
  const calendar = await backtestRepo(db).calendar(range.from, range.to);
  if (calendar.length < 2) throw new HttpError(400, backtestMessages.noData, 'start_month');
  return calendar;
}

// ---------------------------------------------------------------- backtest of symbols

export interface SymbolsBacktest {
  range: DayRange;
  tickers: string[];
  benchmarks: string[];
}

/** The Backtest tool (spec 002 §2.4): each symbol and benchmark held over the period, and their equal weight. */
export async function symbolsBacktest(db: Db, input: SymbolsBacktest): Promise<BacktestGraphResponse> {
  if (input.tickers.length === 0) throw new HttpError(400, backtestMessages.noTickers, 'tickers');
  const benchmarks = input.benchmarks.length > 0 ? input.benchmarks : [defaultBenchmark];
  const calendar = await calendarOf(db, input.range);
  const closes = await backtestRepo(db).closes(
    [...new Set([...input.tickers, ...benchmarks])],
    calendar[0]!,
    input.range.to,
  );
  const series: BacktestSeries[] = [];
  const missing: string[] = [];
  const held: string[] = [];
  for (const ticker of input.tickers) {
    const returns = holdReturns(calendar, closes.get(ticker));
    if (!returns) missing.push(ticker);
    else {
      held.push(ticker);
      series.push(seriesOf(ticker, 'symbol', returns));
    }
  }
  if (held.length > 1) {
    const positions = held.map((symbol) => ({
      symbol,
      entry: calendar.find((day) => closes.get(symbol)!.has(day))!,
      exit: calendar[calendar.length - 1]!,
    }));
    const { returns } = portfolioReturns(calendar, positions, (symbol) => closes.get(symbol));
    series.push(seriesOf('Equal weight', 'portfolio', returns));
  }
  for (const benchmark of benchmarks) {
    const returns = holdReturns(calendar, closes.get(benchmark));
    if (!returns) missing.push(benchmark);
    else series.push(seriesOf(benchmark, 'benchmark', returns));
  }
  return {
    status: true,
    start: calendar[0]!,
    end: calendar[calendar.length - 1]!,
    dates: calendar,
    series,
    missing,
  };
}

// ---------------------------------------------------------------- strategy backtest

export interface StrategyParams {
  range: DayRange;
  universeId: number;
  numFiles: number;
  numTickers: number;
  numInvMonths: number;
  userId: number;
}

export interface StrategyDecision {
  /** The decision's day: the last trading day before the month; only facts known by its end count. */
  day: string;
  month: string;
  exit: string;
  /** Per portfolio, its picks (ticker and score), best first. */
  portfolios: { ticker: string; score: number; sector: string }[][];
}

export interface StrategyResult extends BacktestGraphResponse {
  decisions: StrategyDecision[];
}

export async function checkUniverse(db: Db, userId: number, universeId: number) {
  const universes = universesRepo(db);
  const universe = await universes.findVisible(universeId, await universes.accountOf(userId));
  if (!universe) throw new HttpError(404, backtestMessages.unknownUniverse);
  return universe;
}

/**
 * The Strategy Backtest (spec 002 §2.4, §7.6): at each decision month, the opportunity scan of the
 * universe as of the last trading day before the month (point in time: only facts published by that
 * day's end), every sector, ranked by total score; portfolio 1 buys the best `numTickers`, portfolio 2
 * the next `numTickers`, and so on (`numFiles` portfolios), each equal weight, held `numInvMonths`
 * months, then replaced by that month's picks. SPY over the same days is the yardstick. The scanner's
 * default filters apply, but for the EPS and ROE floors (no past fundamentals are stored).
 */
export async function strategyBacktest(
  deps: { db: Db; cache: ScanCache },
  params: StrategyParams,
  onStep: (done: number, total: number, phase: string) => Promise<void>,
  signal?: AbortSignal,
): Promise<StrategyResult> {
  const calendar = await calendarOf(deps.db, params.range);
  const months = monthsOf(params.range);
  const starts = months.filter((_, i) => i % params.numInvMonths === 0);
  const decisionDay = (month: string) => {
    const before = calendar.filter((day) => day < `${month}-01`);
    return before[before.length - 1] ?? calendar[0]!;
  };
  const decisions: StrategyDecision[] = [];
  const total = starts.length + 1;
  for (const [i, month] of starts.entries()) {
    if (signal?.aborted) throw new Error('cancelled');
    const day = decisionDay(month);
    const next = starts[i + 1];
    const exit = next === undefined ? calendar[calendar.length - 1]! : decisionDay(next);
    await onStep(i, total, `Scoring ${month}`);
    const scan = await runScan(
      deps,
      {
        scanId: randomUUID(),
        userId: params.userId,
        isAdmin: true,
        universeId: params.universeId,
        sectorIds: sectors.map((sector) => sector.id),
        count: params.numFiles * params.numTickers,
        date: day,
        // The scanner's own defaults: point in time, fundamentals included.
        filters: {},
      },
      () => {},
      signal,
    );
    const ranked = rankAcrossSectors(scan.opportunities);
    decisions.push({
      day,
      month,
      exit,
      portfolios: Array.from({ length: params.numFiles }, (_, p) =>
        ranked
          .slice(p * params.numTickers, (p + 1) * params.numTickers)
          .map((row) => ({ ticker: row.ticker, score: row.totalScore, sector: row.sector })),
      ),
    });
  }
  await onStep(starts.length, total, 'Calculating returns');
  const facts = deps.cache.loaded?.facts;
  const closesOf = closesFromSeries(facts?.series, calendar[0]!);
  const series: BacktestSeries[] = [];
  for (let p = 0; p < params.numFiles; p += 1) {
    const positions: Position[] = decisions.flatMap((decision) =>
      decision.portfolios[p]!.map((pick) => ({
        symbol: pick.ticker,
        entry: decision.day,
        exit: decision.exit,
      })),
    );
    const { returns } = portfolioReturns(calendar, positions, closesOf);
    series.push(seriesOf(`Portfolio ${p + 1}`, 'portfolio', returns));
  }
  const spy = holdReturns(calendar, closesOf(defaultBenchmark));
  const missing: string[] = [];
  if (spy) series.push(seriesOf(defaultBenchmark, 'benchmark', spy));
  else missing.push(defaultBenchmark);
  return {
    status: true,
    start: calendar[0]!,
    end: calendar[calendar.length - 1]!,
    dates: calendar,
    series,
    missing,
    decisions,
  };
}

/** Closes by day from the scan's series in memory (numbers as stored: two decimals, read exactly). */
function closesFromSeries(
  series: ReadonlyMap<string, { dates: readonly string[]; closes: readonly number[] }> | undefined,
  from: string,
) {
  const made = new Map<string, Closes>();
  return (symbol: string): Closes | undefined => {
    const known = made.get(symbol);
    if (known) return known;
    const s = series?.get(symbol);
    if (!s) return undefined;
    const map = new Map<string, string>();
    for (let i = 0; i < s.dates.length; i += 1)
      if (s.dates[i]! >= from) map.set(s.dates[i]!, String(s.closes[i]));
    made.set(symbol, map);
    return map;
  };
}

// ---------------------------------------------------------------- alerts backtest

export interface AlertsBacktestParams {
  range: DayRange;
  /** The alerts to follow, oldest first. */
  alerts: AlertFact[];
  benchmarks: string[];
  name: string;
}

/**
 * "Backtest this analyst" / "Backtest my filter": the equal-weight portfolio of the alerts' trades
 * (`tradesOfAlerts`) against the benchmarks.
 */
export async function alertsBacktest(db: Db, params: AlertsBacktestParams): Promise<BacktestGraphResponse> {
  const calendar = await calendarOf(db, params.range);
  const trades = tradesOfAlerts(calendar, params.alerts);
  const benchmarks = params.benchmarks.length > 0 ? params.benchmarks : [defaultBenchmark];
  const closes = await backtestRepo(db).closes(
    [...new Set([...trades.map((t) => t.symbol), ...benchmarks])],
    calendar[0]!,
    params.range.to,
  );
  const closesOf = (symbol: string) => closes.get(symbol);
  const { returns, held } = portfolioReturns(calendar, trades, closesOf);
  const series = [seriesOf(params.name, 'portfolio', returns)];
  const missing: string[] = [];
  for (const benchmark of benchmarks) {
    const r = holdReturns(calendar, closes.get(benchmark));
    if (r) series.push(seriesOf(benchmark, 'benchmark', r));
    else missing.push(benchmark);
  }
  const kept = new Set(held);
  return {
    status: true,
    start: calendar[0]!,
    end: calendar[calendar.length - 1]!,
    dates: calendar,
    series,
    missing,
    trades: trades
      .filter((trade) => kept.has(trade))
      .map((trade: AlertTrade) => ({
        symbol: trade.symbol,
        analyst: trade.analyst,
        entry: trade.entry,
        exit: trade.exit,
        why: trade.why,
        return: toFigure(tradeReturn(calendar, trade, closesOf)),
      })),
  };
}

function tradeReturn(
  calendar: readonly string[],
  trade: Position,
  closesOf: (s: string) => Closes | undefined,
) {
  const { returns } = portfolioReturns(calendar, [trade], closesOf);
  return chain(returns.slice(1));
}

/** The alerts of a window as the backtest reads them (New York publication day). */
export async function alertsOf(db: Db, range: DayRange, analystId?: string): Promise<AlertFact[]> {
  const from = new Date(`${range.from}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - 1);
  const to = new Date(`${range.to}T00:00:00Z`);
  to.setUTCDate(to.getUTCDate() + 2);
  const rows = await backtestRepo(db).ratings(from, to, analystId);
  return rows
    .map((row) => ({
      id: row.id,
      analyst: row.analyst,
      symbol: row.symbol,
      rating: row.rating,
      day: newYorkDate(row.publishedAt),
    }))
    .filter((alert) => alert.day >= range.from && alert.day <= range.to);
}
