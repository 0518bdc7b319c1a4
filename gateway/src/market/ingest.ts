import { newYorkDate } from '@insight/shared/market/calendar';
import type { UpstreamMarketStatus } from '@insight/shared/upstream/contract';
import type { FastifyBaseLogger } from 'fastify';
import { exhaustMap, from, merge, timer, type Subscription } from 'rxjs';
import type { Db } from '../platform/db';
import type { UpstreamClient } from '../upstream/client';
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
  /** The backfill's steps, and how many are done: what /api/health/ready reports. */
  static readonly backfillSteps = ['status', 'reference', 'bars', 'ratings', 'news', 'quotes'] as const;
  private backfillDone = 0;
  private backfillStep: Feed | null = null;

  constructor(
    private readonly db: Db,
    private readonly upstream: UpstreamClient,
    private readonly log: FastifyBaseLogger,
    private readonly events: IngestEvents = {},
  ) {
    this.repo = marketWriteRepo(db);
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
      for (const feed of Ingestor.backfillSteps) {
        await yieldToEventLoop();
        if (this.stopped) return;
        this.backfillStep = feed;
        await this.run(feed);
        this.backfillDone++;
      }
      if (this.stopped) return;
      this.phase = 'live';
      this.wentLive();
      this.log.info({ ms: Date.now() - started, ...(await this.repo.counts()) }, 'market data backfilled');
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
   * serves what the leader stored). Otherwise the step under way and how many of them are done.
   */
  readiness(): { ready: boolean; phase: string; done: number; total: number } {
    const total = Ingestor.backfillSteps.length;
    if (this.phase === 'live' || (this.role === 'follower' && this.phase === 'idle'))
      return { ready: true, phase: 'ready', done: total, total };
    return { ready: false, phase: this.backfillStep ?? 'starting', done: this.backfillDone, total };
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
    const today = newYorkDate(new Date(this.status?.at ?? Date.now()));
    const earnings = await this.upstream.earnings(
      shiftDate(today, -historyDaysOfEarnings),
      shiftDate(today, earningsAheadDays),
    );
    await this.repo.upsertEarnings(earnings);
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
    for (const [from, symbols] of groups) {
      for (let i = 0; i < symbols.length && !this.stopped; i += 25) {
        const bars = await this.upstream.bars(symbols.slice(i, i + 25), from || undefined);
        await this.repo.insertBars(bars);
        for (const bar of bars) extended.add(bar.symbol);
        await yieldToEventLoop();
      }
    }
    if (extended.size > 0 && this.phase === 'live' && this.role === 'leader')
      this.events.bars?.([...extended]);
  }

  private async ingestRatings() {
    let cursor = await this.repo.cursor('ratings');
    for (;;) {
      const page = await this.upstream.ratingsSince(cursor);
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
