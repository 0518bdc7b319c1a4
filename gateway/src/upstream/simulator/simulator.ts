import { marketStatusAt, newYorkDate, previousTradingDay } from '@insight/shared/market/calendar';
import {
  upstreamPaths,
  type NewsChannel,
  type UpstreamCompany,
  type UpstreamDailyBar,
  type UpstreamFiscalQuarter,
  type UpstreamMarketStatus,
  type UpstreamQuote,
} from '@insight/shared/upstream/contract';
import { buildAnalysts, type SimAnalyst } from './analysts';
import { defaultCalibration, loadCalibration, type Calibration } from './calibration';
import { SimClock } from './clock';
import { companyFacts, earningsDates, fiscalQuarters } from './fundamentals';
import { newsLookaheadDays, newsOn, type NewsSources, type SimNewsItem } from './news';
import { PricePaths, sessionOf } from './prices';
import { addDays, ratingsOn, type SimRating } from './ratings';
import { companyByTicker } from './universe';

export interface SimulatorOptions {
  seed: number;
  speed?: number;
  /** The simulated instant at start; the wall clock by default. */
  startAt?: number;
  calibration?: Calibration;
}

/** What the simulator answers when it is told to fail (control `upstream {failing: true}`). */
export class SimulatedOutage extends Error {
  readonly statusCode = 503;
  constructor() {
    super('The simulated upstream is failing on purpose (SIM_CONTROL upstream failing=true)');
  }
}

export class SimControlError extends Error {
  readonly statusCode = 400;
}

export type SimEvent =
  | { type: 'rating'; rating: SimRating }
  | { type: 'quote'; symbol: string }
  | { type: 'market'; open: boolean | null };

type Query = Record<string, string | undefined>;

const historyYears = 5;
const newsHistoryDays = 120;
const cursorSeparator = '~';

/**
 * The built-in simulated market, deterministic from its seed. `handle(path, query)` answers the
 * upstream contract exactly as its HTTP server does (it *is* what the server calls), so the gateway
 * has one code path for both. Control methods serve tests and demos.
 */
export class Simulator {
  readonly clock: SimClock;
  readonly paths: PricePaths;
  readonly analysts: SimAnalyst[];
  readonly calibration: Calibration;
  readonly seed: number;
  private readonly injected: SimRating[] = [];
  private injectedCount = 0;
  /** Price overrides by symbol: from `at` on, the path is multiplied by `factor`. */
  private readonly overrides = new Map<string, { at: number; factor: number }[]>();
  private forcedOpen: boolean | null = null;
  private failing = false;
  private readonly ratingDays = new Map<string, SimRating[]>();
  private readonly newsDays = new Map<string, SimNewsItem[]>();
  /**
   * Each company's quarters reported up to `through`, a horizon two months beyond what is asked (the
   * news previews quarters ahead of their report), listed and by report date: worked out once per
   * horizon for the fundamentals and the news alike.
   */
  private quarterBook = {
    through: '',
    byTicker: new Map<
      string,
      { list: UpstreamFiscalQuarter[]; byReport: Map<string, UpstreamFiscalQuarter> }
    >(),
  };
  private readonly listeners = new Set<(event: SimEvent) => void>();

  constructor(options: SimulatorOptions) {
    this.seed = options.seed;
    this.calibration = options.calibration ?? loadCalibration() ?? defaultCalibration;
    this.clock = new SimClock(options.speed ?? 1, options.startAt ?? Date.now());
    this.paths = new PricePaths(options.seed, this.calibration);
    this.analysts = buildAnalysts(options.seed);
  }

  now(): Date {
    return this.clock.now();
  }

  /** Called on every change made through the control methods, so an in-process gateway can push at once. */
  onEvent(listener: (event: SimEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: SimEvent) {
    for (const listener of this.listeners) listener(event);
  }

  // ---- the contract ----

  handle(path: string, query: Query = {}): unknown {
    if (this.failing) throw new SimulatedOutage();
    switch (path) {
      case upstreamPaths.status:
        return this.marketStatus();
      case upstreamPaths.quotes:
        return { quotes: this.symbolsOf(query.symbols).flatMap((symbol) => this.quote(symbol) ?? []) };
      case upstreamPaths.ratings:
        return this.ratingsSince(query.since ?? null, limitOf(query.limit, 2000));
      case upstreamPaths.analysts:
        return { items: this.analysts.map(({ id, name, firm }) => ({ id, name, firm })) };
      case upstreamPaths.companies:
        return { items: this.companies(query.symbols) };
      case upstreamPaths.earnings:
        return { items: this.earnings(query.from, query.to) };
      case upstreamPaths.fundamentals:
        return { items: this.fundamentals(query.symbols, query.from) };
      case upstreamPaths.news:
        return this.newsSince(
          query.since ?? null,
          limitOf(query.limit, 500),
          query.ticker,
          query.channel as NewsChannel | undefined,
        );
      case upstreamPaths.bars:
        return { items: this.bars(this.symbolsOf(query.symbols), query.from, query.to) };
      default:
        throw Object.assign(new Error(`no such upstream path: ${path}`), { statusCode: 404 });
    }
  }

  marketStatus(): UpstreamMarketStatus {
    const now = this.now();
    const calendar = marketStatusAt(now);
    const session = sessionOf(newYorkDate(now));
    return {
      open: this.forcedOpen ?? calendar.open,
      at: now.toISOString(),
      next_open: calendar.nextOpen.toISOString(),
      next_close: calendar.nextClose?.toISOString() ?? null,
      early_close: session?.earlyClose ?? false,
    };
  }

  private factorAt(symbol: string, at: number): number {
    let factor = 1;
    for (const override of this.overrides.get(symbol) ?? []) if (override.at <= at) factor *= override.factor;
    return factor;
  }

  /** The last completed session at an instant: today after the close, else the trading day before. */
  private lastClosedDay(at: Date): string {
    const today = newYorkDate(at);
    const session = sessionOf(today);
    if (session && at.getTime() >= session.close.getTime()) return today;
    return previousTradingDay(today);
  }

  quote(symbol: string): UpstreamQuote | null {
    const instrument = this.paths.instrument(symbol);
    if (!instrument) return null;
    const now = this.now();
    const today = newYorkDate(now);
    const session = sessionOf(today);
    const inSession = session !== null && now >= session.open && now < session.close;
    const day = inSession ? today : this.lastClosedDay(now);
    const state = inSession
      ? this.paths.intraday(symbol, day, now)
      : (() => {
          const bar = this.paths.bar(symbol, day);
          return { last: bar.close, open: bar.open, high: bar.high, low: bar.low, volume: bar.volume };
        })();
    const factor = this.factorAt(symbol, now.getTime());
    const previousDay = previousTradingDay(day);
    const previousClose = round(
      this.paths.close(symbol, previousDay) * this.factorAt(symbol, sessionOf(previousDay)!.close.getTime()),
    );
    const last = round(state.last * factor);
    return {
      symbol,
      last_price: last,
      daily_change: round(((last - previousClose) / previousClose) * 100),
      daily_change_value: round(last - previousClose),
      previous_close: previousClose,
      volume: state.volume,
      bid: round(Math.max(0.01, last - Math.max(0.01, last * 0.0002))),
      day_low: round(Math.min(state.low * factor, last)),
      day_high: round(Math.max(state.high * factor, last)),
      at: now.toISOString(),
    };
  }

  private historyStart(): string {
    return addDays(newYorkDate(this.now()), -(historyYears * 365 + 10));
  }

  bars(symbols: string[], from = this.historyStart(), to = '9999-12-31'): UpstreamDailyBar[] {
    const last = this.lastClosedDay(this.now());
    const end = to < last ? to : last;
    const days = this.paths.tradingDays(from < this.historyStart() ? this.historyStart() : from, end);
    const bars: UpstreamDailyBar[] = [];
    for (const symbol of symbols) {
      if (!this.paths.instrument(symbol)) continue;
      for (const date of days) {
        const bar = this.paths.bar(symbol, date);
        const factor = this.factorAt(symbol, sessionOf(date)!.close.getTime());
        bars.push(
          factor === 1
            ? { symbol, ...bar }
            : {
                symbol,
                date,
                open: round(bar.open * factor),
                high: round(bar.high * factor),
                low: round(bar.low * factor),
                close: round(bar.close * factor),
                volume: bar.volume,
              },
        );
      }
    }
    return bars;
  }

  companies(symbolList?: string): UpstreamCompany[] {
    const symbols = symbolList ? this.symbolsOf(symbolList) : this.paths.instruments.map((i) => i.symbol);
    const last = this.lastClosedDay(this.now());
    const recent = this.paths.tradingDays(addDays(last, -40), last).slice(-20);
    return symbols.flatMap((symbol) => {
      const instrument = this.paths.instrument(symbol);
      const quote = this.quote(symbol);
      if (!instrument || !quote) return [];
      const volumes = recent.map((day) => this.paths.bar(symbol, day).volume);
      const average =
        volumes.length > 0 ? Math.round(volumes.reduce((a, b) => a + b, 0) / volumes.length) : null;
      return [companyFacts(instrument, quote.last_price, average)];
    });
  }

  /** The fiscal quarters reported by today (New York), of the symbols asked (all when absent), from `from` on. */
  fundamentals(symbolList?: string, from = '0000-01-01'): UpstreamFiscalQuarter[] {
    const today = newYorkDate(this.now());
    const symbols = symbolList ? this.symbolsOf(symbolList) : this.paths.instruments.map((i) => i.symbol);
    return symbols.flatMap((symbol) =>
      this.quartersOf(symbol, today).list.filter(
        (quarter) => quarter.reported_on >= from && quarter.reported_on <= today,
      ),
    );
  }

  /** A company's quarters reported up to at least `needed` (none for a fund or an unknown symbol). */
  private quartersOf(symbol: string, needed: string) {
    if (this.quarterBook.through < needed)
      this.quarterBook = { through: addDays(needed, 60), byTicker: new Map() };
    const { through, byTicker } = this.quarterBook;
    let quarters = byTicker.get(symbol);
    if (!quarters) {
      const company = this.paths.instrument(symbol)?.company;
      const list = company ? fiscalQuarters(company, this.seed, this.paths, through) : [];
      quarters = { list, byReport: new Map(list.map((quarter) => [quarter.reported_on, quarter])) };
      byTicker.set(symbol, quarters);
    }
    return quarters;
  }

  earnings(from?: string, to?: string) {
    const today = newYorkDate(this.now());
    const start = from ?? addDays(today, -400);
    const end = to ?? addDays(today, 120);
    return this.paths.instruments.flatMap((instrument) => earningsDates(instrument, this.seed, start, end));
  }

  private ratingsOfDay(date: string): SimRating[] {
    let ratings = this.ratingDays.get(date);
    if (!ratings) {
      ratings = ratingsOn(date, this.seed, this.analysts, this.paths);
      if (this.ratingDays.size > 5000) this.ratingDays.clear();
      this.ratingDays.set(date, ratings);
    }
    return ratings;
  }

  /** Ratings published after the cursor, up to now, oldest first. */
  ratingsSince(cursor: string | null, limit: number) {
    return this.feedSince(cursor, limit, this.historyStart(), (day) => this.ratingsOfDay(day), this.injected);
  }

  newsSince(cursor: string | null, limit: number, ticker?: string, channel?: NewsChannel) {
    const start = addDays(newYorkDate(this.now()), -newsHistoryDays);
    const wanted = ticker?.toUpperCase();
    const matches = (item: SimNewsItem) =>
      (!wanted || item.tickers.includes(wanted)) && (!channel || item.channels.includes(channel));
    return this.feedSince(cursor, limit, start, (day) => this.newsOfDay(day).filter(matches), []);
  }

  private newsOfDay(date: string): SimNewsItem[] {
    let items = this.newsDays.get(date);
    if (!items) {
      items = newsOn(date, this.newsSources());
      if (this.newsDays.size > 1000) this.newsDays.clear();
      this.newsDays.set(date, items);
    }
    return items;
  }

  /** What the news retells: the day's ratings and each company's quarters, from the simulator's caches. */
  private newsSources(): NewsSources {
    const needed = addDays(newYorkDate(this.now()), newsLookaheadDays);
    return {
      seed: this.seed,
      paths: this.paths,
      ratingsOn: (day) => this.ratingsOfDay(day),
      reportsOf: (ticker) => this.quartersOf(ticker, needed).byReport,
    };
  }

  /**
   * A cursor feed over days: items after the cursor `at~id`, published up to now, in (at, id) order;
   * `items` without the internal `at`.
   */
  private feedSince<T extends { at: number; id: string }>(
    cursor: string | null,
    limit: number,
    historyStart: string,
    itemsOfDay: (day: string) => T[],
    extra: readonly T[],
  ) {
    const now = this.now().getTime();
    const [cursorAt, cursorId] = parseCursor(cursor);
    const after = (item: T) => item.at > cursorAt || (item.at === cursorAt && item.id > cursorId);
    const firstDay = cursorAt > 0 ? newYorkDate(new Date(cursorAt)) : historyStart;
    const today = newYorkDate(new Date(now));
    const out: T[] = [];
    let more = false;
    const extras = extra.filter((item) => after(item) && item.at <= now);
    for (let day = firstDay < historyStart ? historyStart : firstDay; day <= today; day = addDays(day, 1)) {
      const dayItems = [
        ...itemsOfDay(day),
        ...extras.filter((item) => newYorkDate(new Date(item.at)) === day),
      ]
        .filter((item) => after(item) && item.at <= now)
        .sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
      for (const item of dayItems) {
        if (out.length >= limit) {
          more = true;
          break;
        }
        out.push(item);
      }
      if (more) break;
    }
    const last = out[out.length - 1];
    return {
      items: out.map(({ at: _at, ...item }) => item),
      cursor: last ? `${last.at}${cursorSeparator}${last.id}` : (cursor ?? ''),
      more,
    };
  }

  private symbolsOf(list: string | undefined): string[] {
    return [
      ...new Set(
        (list ?? '')
          .split(',')
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean),
      ),
    ];
  }

  // ---- control (tests and demos) ----

  publishRating(input: {
    symbol: string;
    rating: 'buy' | 'sell';
    price_target: number;
    analyst_name?: string | undefined;
  }): SimRating {
    const symbol = input.symbol.toUpperCase();
    const company = companyByTicker(symbol);
    if (!company) throw new SimControlError(`Unknown symbol ${symbol}`);
    const analyst = input.analyst_name
      ? this.analysts.find((a) => a.name.toLowerCase() === input.analyst_name!.toLowerCase())
      : (this.analysts.find((a) => a.coverage.includes(symbol)) ??
        this.analysts.find((a) => company.sector in a.skill));
    if (!analyst) throw new SimControlError(`Unknown analyst ${input.analyst_name ?? ''}`.trim());
    const now = this.now();
    this.injectedCount += 1;
    const rating: SimRating = {
      id: `RS${now.getTime()}${String(this.injectedCount).padStart(4, '0')}`,
      analyst_id: analyst.id,
      analyst: analyst.name,
      firm: analyst.firm,
      symbol,
      rating: input.rating,
      price_target: input.price_target,
      price_when_posted: this.quote(symbol)!.last_price,
      published_at: now.toISOString(),
      at: now.getTime(),
    };
    this.injected.push(rating);
    this.emit({ type: 'rating', rating });
    return rating;
  }

  setPrice(symbol: string, lastPrice: number) {
    const upper = symbol.toUpperCase();
    const quote = this.quote(upper);
    if (!quote) throw new SimControlError(`Unknown symbol ${upper}`);
    const list = this.overrides.get(upper) ?? [];
    list.push({ at: this.now().getTime(), factor: lastPrice / quote.last_price });
    this.overrides.set(upper, list);
    this.emit({ type: 'quote', symbol: upper });
    return this.quote(upper)!;
  }

  setMarket(open: boolean | null) {
    this.forcedOpen = open;
    this.emit({ type: 'market', open: this.marketStatus().open });
    return this.marketStatus();
  }

  setFailing(failing: boolean) {
    this.failing = failing;
    return { failing };
  }

  advance(minutes: number) {
    this.clock.advance(minutes);
    this.emit({ type: 'market', open: this.marketStatus().open });
    return { now: this.now().toISOString() };
  }
}

function parseCursor(cursor: string | null): [number, string] {
  if (!cursor) return [0, ''];
  const [at, id = ''] = cursor.split(cursorSeparator);
  const ms = Number(at);
  return Number.isFinite(ms) ? [ms, id] : [0, ''];
}

function limitOf(value: string | undefined, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : max;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
