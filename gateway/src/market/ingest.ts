import { newYorkDate } from '@insight/shared/market/calendar';
import type { UpstreamMarketStatus } from '@insight/shared/upstream/contract';
import type { FastifyBaseLogger } from 'fastify';
import { exhaustMap, from, merge, timer, type Subscription } from 'rxjs';
import type { Db } from '../platform/db';
import type { UpstreamClient } from '../upstream/client';
import { fundamentalsRepo } from './fundamentals';
import { marketWriteRepo } from './repo';

export type Feed = 'status' | 'quotes' | 'ratings' | 'news' | 'reference' | 'bars';

export interface IngestEvents {
  /** New ratings, as stored, oldest first. */
  ratings?: (ids: string[]) => void;
  marketStatus?: (open: boolean | null) => void;
  quotes?: (symbols: string[]) => void;
  /** New daily bars (a trading day closed), by symbol. */
  bars?: (symbols: string[]) => void;
}

/** How often each feed is polled. One poll serves every user. */
export const pollEveryMs: Record<Feed, number> = {
  status: 5_000,
  quotes: 10_000,
  ratings: 5_000,
  news: 60_000,
  reference: 30 * 60_000,
  bars: 60_000,
};

const historyDaysOfEarnings = 400;
const earningsAheadDays = 120;

/**
 * Bars stored per insert. An insert into the embedded database (PGlite) holds the event loop for its
 * whole length, so chunks are kept small (some 30 ms each on a busy machine) for requests to be served
 * between them during the first backfill.
 */
const barsPerInsert = 1_000;
/**
 * About how many bars one call asks for. The in-process simulator computes them, and they are copied
 * and checked against the contract, on this event loop without a turn: five years of two symbols
 * (about 2,500 bars) take some 70 ms on a busy machine, where 25 symbols held it for 0.8 s. Over HTTP
 * only the check is ours, and fewer calls spare the upstream.
 */
const barsPerCall = { simulator: 2_500, http: 12_500 } as const;
/** At most this many symbols per call (a daily poll asks for a day or two of each). */
const maxSymbolsPerBarsCall = 25;
/** Trading days in five years, the history a symbol without bars gets. */
const historyTradingDays = 5 * 252;

/** How many symbols one bars call covers for a range starting on `from` ('' for the whole history). */
function symbolsPerBarsCall(from: string, today: string, bars: number) {
  const calendarDays = (Date.parse(today) - Date.parse(from)) / 86_400_000;
  const tradingDays = from ? Math.max(1, (calendarDays * 5) / 7) : historyTradingDays;
  return Math.min(maxSymbolsPerBarsCall, Math.max(1, Math.round(bars / tradingDays)));
}
/**
 * A backfill page of ratings: small enough for its transaction to leave the event loop free often.
 * Later polls bring a few at a time anyway.
 */
const ratingsPerPage = 500;

/**
 * Lets timers and I/O run. PGlite answers through microtasks only, so a long chain of inserts would
 * otherwise starve the event loop: no request served, not even the server's own listen.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function shiftDate(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Brings the upstream's facts into the database of record: a backfill of the whole history at
 * start, then incremental polls by cursor. Each feed runs single-flight: a poll that is still running
 * when the next is due is not doubled. While the upstream is down, what is stored keeps being served.
 */
export class Ingestor {
  private readonly repo;
  private readonly fundamentals;
  private status: UpstreamMarketStatus | null = null;
  private readonly running = new Map<Feed, Promise<void>>();
  private polls: Subscription | null = null;
  private stopped = false;
  /**
   * A leader polls every feed and announces what changed; a follower (another node holds the poller
   * lock) polls only the market status, to answer its own sockets, and announces nothing.
   */
  private role: 'leader' | 'follower' = 'leader';
  private backfilled: Promise<void> | null = null;
  private wentLive!: () => void;
  /** Resolves once this node's backfill is done; never on a node that never polls. */
  readonly live = new Promise<void>((resolve) => (this.wentLive = resolve));
  private symbols: string[] = [];
  /** The last failure of each feed, cleared by its next success. */
  readonly errors = new Map<Feed, string>();
  phase: 'idle' | 'backfilling' | 'live' | 'stopped' = 'idle';
  /**
   * The backfill's steps with their weights, in units of progress: roughly each step's share of a
   * first backfill's time (measured on a fresh start), so the percentage /api/health/ready reports
   * moves evenly. Bars are most of it, and move by batch.
   */
  static readonly backfillSteps = [
    { feed: 'status', weight: 1 },
    { feed: 'reference', weight: 2 },
    { feed: 'bars', weight: 78 },
    { feed: 'ratings', weight: 10 },
    { feed: 'news', weight: 1 },
    { feed: 'quotes', weight: 1 },
  ] as const satisfies readonly { feed: Feed; weight: number }[];
  /** The units of progress of the whole backfill. */
  static readonly backfillUnits = Ingestor.backfillSteps.reduce((sum, step) => sum + step.weight, 0);
  /** Units of the steps done. */
  private backfillDone = 0;
  /** How far the step under way is, from 0 to 1 (steps that can tell: bars, by batch). */
  private backfillStepShare = 0;
  private backfillStep: (typeof Ingestor.backfillSteps)[number] | null = null;

  constructor(
    private readonly db: Db,
    private readonly upstream: UpstreamClient,
    private readonly log: FastifyBaseLogger,
    private readonly events: IngestEvents = {},
  ) {
    this.repo = marketWriteRepo(db);
    this.fundamentals = fundamentalsRepo(db);
  }

  get lastError(): string | null {
    const [first] = this.errors.entries();
    return first ? `${first[0]}: ${first[1]}` : null;
  }

  /** The market status as last read from the upstream; null (unknown) when it could not be had. */
  marketOpen(): boolean | null {
    return this.status?.open ?? null;
  }

  marketStatus() {
    return this.status;
  }

  /** Starts the backfill, then the polls. Resolves when the backfill is done (or failed). */
  start(): Promise<void> {
    this.backfilled ??= (async () => {
      this.phase = 'backfilling';
      const started = Date.now();
      const stepMs: Partial<Record<Feed, number>> = {};
      for (const step of Ingestor.backfillSteps) {
        await yieldToEventLoop();
        if (this.stopped) return;
        this.backfillStep = step;
        this.backfillStepShare = 0;
        const stepStarted = Date.now();
        await this.run(step.feed);
        stepMs[step.feed] = Date.now() - stepStarted;
        this.backfillDone += step.weight;
        this.backfillStepShare = 0;
      }
      if (this.stopped) return;
      this.phase = 'live';
      this.wentLive();
      this.log.info(
        { ms: Date.now() - started, steps: stepMs, ...(await this.repo.counts()) },
        'market data backfilled',
      );
      if (this.role === 'leader') this.schedule(Object.keys(pollEveryMs) as Feed[]);
    })();
    return this.backfilled;
  }

  /**
   * One RxJS pipeline per feed: a timer, and `exhaustMap` so a poll still running when the next is due
   * is not doubled (single-flight). One poll per cycle serves every user.
   */
  private schedule(feeds: Feed[]) {
    this.polls?.unsubscribe();
    this.polls = merge(
      ...feeds.map((feed) =>
        timer(pollEveryMs[feed], pollEveryMs[feed]).pipe(exhaustMap(() => from(this.run(feed)))),
      ),
    ).subscribe();
  }

  /** This node holds the poller lock: backfill if needed, then poll everything. */
  lead() {
    this.role = 'leader';
    if (this.phase === 'live') this.schedule(Object.keys(pollEveryMs) as Feed[]);
    else void this.start();
  }

  /** Another node polls: keep only the market status fresh, for this node's sockets. */
  follow() {
    this.role = 'follower';
    this.schedule(['status']);
    void this.run('status');
  }

  isLeader() {
    return this.role === 'leader';
  }

  /**
   * Whether this node's data can answer every screen: after its backfill (a node that only follows
   * serves what the leader stored). Otherwise the step under way and the units of progress done (whole
   * units, never fewer than at the last call: steps done, and the share done of the step under way).
   */
  readiness(): { ready: boolean; phase: string; done: number; total: number } {
    const total = Ingestor.backfillUnits;
    if (this.phase === 'live' || (this.role === 'follower' && this.phase === 'idle'))
      return { ready: true, phase: 'ready', done: total, total };
    const step = this.backfillStep;
    const underway = step ? Math.floor(step.weight * Math.min(1, this.backfillStepShare)) : 0;
    return { ready: false, phase: step?.feed ?? 'starting', done: this.backfillDone + underway, total };
  }

  /** The step under way reports how far it is (only ever forward). */
  private backfillAdvanced(share: number) {
    if (this.phase === 'backfilling') this.backfillStepShare = Math.max(this.backfillStepShare, share);
  }

  async stop() {
    this.stopped = true;
    this.phase = 'stopped';
    this.polls?.unsubscribe();
    this.polls = null;
    await Promise.allSettled(this.running.values());
  }

  /** Polls one feed now (single-flight). Errors are logged and kept for /api/health, never thrown. */
  run(feed: Feed): Promise<void> {
    const current = this.running.get(feed);
    if (current) return current;
    const work = (async () => {
      try {
        if (this.stopped) return;
        await this.poll(feed);
        this.errors.delete(feed);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (feed === 'status') this.setStatus(null);
        if (this.errors.get(feed) !== message) this.log.warn({ feed, err: message }, 'upstream poll failed');
        this.errors.set(feed, message);
      } finally {
        this.running.delete(feed);
      }
    })();
    this.running.set(feed, work);
    return work;
  }

  private setStatus(status: UpstreamMarketStatus | null) {
    const before = this.status?.open ?? null;
    this.status = status;
    const after = status?.open ?? null;
    if (before !== after && this.role === 'leader') this.events.marketStatus?.(after);
  }

  private async poll(feed: Feed) {
    switch (feed) {
      case 'status':
        this.setStatus(await this.upstream.marketStatus());
        return;
      case 'reference':
        return this.ingestReference();
      case 'bars':
        return this.ingestBars();
      case 'ratings':
        return this.ingestRatings();
      case 'news':
        return this.ingestNews();
      case 'quotes':
        return this.ingestQuotes();
    }
  }

  private async ingestReference() {
    const [analysts, companies] = await Promise.all([this.upstream.analysts(), this.upstream.companies()]);
    await this.db.transaction().execute(async (trx) => {
      await this.repo.upsertAnalysts(analysts, trx);
      await this.repo.upsertCompanies(companies, trx);
    });
    this.symbols = companies.map((company) => company.symbol);
    const today = this.today();
    const earnings = await this.upstream.earnings(
      shiftDate(today, -historyDaysOfEarnings),
      shiftDate(today, earningsAheadDays),
    );
    await this.repo.upsertEarnings(earnings);
    // Quarters from the newest one stored on (a quarter restated since comes again and replaces it).
    const quarters = await this.upstream.fundamentals(
      (await this.fundamentals.latestReportedOn()) ?? undefined,
    );
    await yieldToEventLoop();
    // A new or restated quarter moves the companies' figures; a poll that brought none leaves them be.
    if ((await this.fundamentals.upsertQuarters(quarters)) > 0)
      await this.fundamentals.refreshCompanyFigures(today);
  }

  /** Today in New York, on the upstream's clock (the simulator's may run ahead of the wall's). */
  private today() {
    return newYorkDate(new Date(this.status?.at ?? Date.now()));
  }

  /** The symbols to follow: those of the last reference poll, else those stored, else a poll now. */
  private async knownSymbols(): Promise<string[]> {
    if (this.symbols.length === 0) this.symbols = await this.repo.symbols();
    if (this.symbols.length === 0) await this.ingestReference();
    return this.symbols;
  }

  /** Bars after the last stored day of each symbol; symbols with the same last day go together. */
  private async ingestBars() {
    await this.knownSymbols();
    const last = await this.repo.lastBarDates();
    const groups = new Map<string, string[]>();
    for (const symbol of this.symbols) {
      const from = last.has(symbol) ? shiftDate(last.get(symbol)!, 1) : '';
      groups.set(from, [...(groups.get(from) ?? []), symbol]);
    }
    const extended = new Set<string>();
    const today = this.today();
    const batches = [...groups].flatMap(([from, symbols]) => {
      const perCall = symbolsPerBarsCall(from, today, barsPerCall[this.upstream.source.kind]);
      return Array.from({ length: Math.ceil(symbols.length / perCall) }, (_, i) => ({
        from,
        symbols: symbols.slice(i * perCall, (i + 1) * perCall),
      }));
    });
    for (const [index, batch] of batches.entries()) {
      if (this.stopped) break;
      const bars = await this.upstream.bars(batch.symbols, batch.from || undefined);
      await yieldToEventLoop();
      // Small inserts with a turn of the event loop between them: requests are served meanwhile.
      for (let i = 0; i < bars.length && !this.stopped; i += barsPerInsert) {
        await this.repo.insertBars(bars.slice(i, i + barsPerInsert));
        this.backfillAdvanced((index + (i + barsPerInsert) / bars.length) / batches.length);
        await yieldToEventLoop();
      }
      for (const bar of bars) extended.add(bar.symbol);
      this.backfillAdvanced((index + 1) / batches.length);
    }
    // New closes move every ratio: the companies' figures of today are worked out again.
    if (extended.size > 0) await this.fundamentals.refreshCompanyFigures(this.today());
    if (extended.size > 0 && this.phase === 'live' && this.role === 'leader')
      this.events.bars?.([...extended]);
  }

  private async ingestRatings() {
    let cursor = await this.repo.cursor('ratings');
    for (;;) {
      const page = await this.upstream.ratingsSince(cursor, ratingsPerPage);
      const fresh = await this.db.transaction().execute(async (trx) => {
        const ids = await this.repo.insertRatings(page.items, trx);
        if (page.cursor) await this.repo.saveCursor('ratings', page.cursor, trx);
        return ids;
      });
      // Whichever node stored them announces them: an insert is exactly-once, so nothing is told twice.
      if (fresh.length > 0 && this.phase !== 'backfilling') this.events.ratings?.(fresh);
      cursor = page.cursor || cursor;
      if (!page.more || this.stopped) return;
      await yieldToEventLoop();
    }
  }

  private async ingestNews() {
    let cursor = await this.repo.cursor('news');
    for (;;) {
      const page = await this.upstream.newsSince(cursor);
      await this.db.transaction().execute(async (trx) => {
        await this.repo.insertNews(page.items, trx);
        if (page.cursor) await this.repo.saveCursor('news', page.cursor, trx);
      });
      cursor = page.cursor || cursor;
      if (!page.more || this.stopped) return;
      await yieldToEventLoop();
    }
  }

  private async ingestQuotes() {
    await this.knownSymbols();
    const moved: string[] = [];
    for (let i = 0; i < this.symbols.length && !this.stopped; i += 200) {
      const quotes = await this.upstream.quotes(this.symbols.slice(i, i + 200));
      await this.repo.upsertQuotes(quotes);
      moved.push(...quotes.map((quote) => quote.symbol));
      await yieldToEventLoop();
    }
    // Once per cycle: listeners (the fan-out, the alert rules) run once over everything that moved. A
    // follower polls quotes only when asked (the simulator's control), and then announces them too.
    if (moved.length > 0) this.events.quotes?.(moved);
  }
}
