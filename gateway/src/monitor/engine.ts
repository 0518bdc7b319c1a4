import { isTradingDay, newYorkDate, nextTradingDay, sessionOf } from '@insight/shared/market/calendar';
import type { PortfolioNotification } from '@insight/shared/notifications/schemas';
import {
  completeMonitorSettings,
  defaultPreferences,
  evaluateMonitor,
  splitRatioOf,
  type MonitorFacts,
} from '@insight/shared/portfolio/monitor';
import type { FastifyBaseLogger } from 'fastify';
import { num } from '../market/read-repo';
import { sectorOfName } from '../market/service';
import type { Db } from '../platform/db';
import { monitorRepo, type NewNotification, type NotificationRow, type PositionFactsRow } from './repo';

export interface MonitorClock {
  now(): Date;
  /**
   * A replay of a past file (the demo file, sim/demo-history.ts): each hit is stamped with the market
   * instant of its own day (the rating's, the split's, the day a refresh fell due), not with the moment
   * the rules happen to run.
   */
  replay?: boolean;
}

/**
 * When a hit of `day` fired in the market: the close of that day, or of the next trading day when it
 * is a weekend or a holiday; never later than now (today's hits fire now).
 */
export function firedAt(day: string, now: Date): Date {
  const session = sessionOf(isTradingDay(day) ? day : nextTradingDay(day));
  return session && session.close < now ? session.close : now;
}

/** Told of each notification the moment it is stored (to push it to the owner's sockets). */
export type NotificationListener = (userId: number, notification: PortfolioNotification) => void;

export function toNotification(row: NotificationRow): PortfolioNotification {
  return {
    id: row.id,
    portfolio_id: row.portfolio_id,
    position_id: row.position_id,
    symbol: row.symbol,
    rating: row.rating,
    title: row.title,
    text: row.text,
    pop: row.pop,
    factor: row.factor === null ? null : Number(row.factor),
    day: row.day,
    entry_date: { date: row.created_at.toISOString() },
  };
}

type Batch = { symbols: Set<string>; daily: boolean; portfolios: Set<number> };

/**
 * The monitor rules, run as facts arrive (spec 001 §3, issue 7): moved quotes, new ratings, the daily
 * close. Each batch reads the open positions of the symbols that changed, with their files' settings
 * and the facts of those symbols, in one query for every user at once; runs the shared rules; and
 * stores the hits with their unique key, so a hit is told once even when two nodes evaluate. Batches
 * run one at a time; facts that arrive meanwhile join the next.
 */
export class MonitorEngine {
  private readonly repo;
  private next: Batch = { symbols: new Set(), daily: false, portfolios: new Set() };
  private draining: Promise<void> | null = null;
  /** What each position's rules last saw: an unchanged position is not evaluated again. */
  private readonly seen = new Map<number, string>();

  constructor(
    db: Db,
    private readonly clock: MonitorClock,
    private readonly onNotification: NotificationListener,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = monitorRepo(db);
  }

  /** Facts of these symbols changed; `daily` for the day's close (splits, ranks). Resolves once evaluated. */
  changed(symbols: readonly string[], daily = false): Promise<void> {
    for (const symbol of symbols) this.next.symbols.add(symbol);
    if (daily) this.next.daily = true;
    return this.drain();
  }

  /** Every held symbol, with the daily facts: at start and at each close. */
  async everything(): Promise<void> {
    return this.changed(await this.repo.heldSymbols(), true);
  }

  /** A file's settings changed: its positions are evaluated again under them. */
  portfolio(portfolioId: number): Promise<void> {
    this.next.portfolios.add(portfolioId);
    return this.drain();
  }

  private drain(): Promise<void> {
    if (this.draining) return this.draining;
    const run = async () => {
      // Started on the next tick, so that `draining` is set before the loop can end.
      await Promise.resolve();
      try {
        while (this.next.symbols.size > 0 || this.next.portfolios.size > 0) {
          const batch = this.next;
          this.next = { symbols: new Set(), daily: false, portfolios: new Set() };
          try {
            await this.evaluate(batch);
          } catch (error) {
            this.log.error({ err: error }, 'monitor evaluation failed');
          }
        }
      } finally {
        this.draining = null;
      }
    };
    this.draining = run();
    return this.draining;
  }

  private async evaluate(batch: Batch) {
    const today = newYorkDate(this.clock.now());
    const rows = await this.repo.positionFacts({ symbols: [...batch.symbols] }, today);
    for (const portfolioId of batch.portfolios) {
      for (const row of await this.repo.positionFacts({ portfolioId }, today)) {
        this.seen.delete(row.position_id);
        if (!rows.some((other) => other.position_id === row.position_id)) rows.push(row);
      }
    }
    const due = rows.filter(
      (row) => batch.daily || this.seen.get(row.position_id) !== signatureOf(row, today),
    );
    if (due.length === 0) return;

    const etfOf = (row: PositionFactsRow) =>
      sectorOfName(row.sector)?.symbol ?? row.preferences?.default_etf ?? defaultPreferences.default_etf;
    const moves = new Map(
      (
        await this.repo.benchmarkMoves(
          unique(due.map((row) => ({ symbol: etfOf(row), day: row.entry_date }))),
        )
      ).map((move) => [`${move.symbol}|${move.day}`, move]),
    );
    const ranks = batch.daily
      ? new Map(
          (
            await this.repo.ranks(unique(due.map((row) => ({ symbol: row.symbol, day: row.entry_date }))))
          ).map((rank) => [`${rank.symbol}|${rank.day}`, rank]),
        )
      : new Map<string, never>();

    const hits: NewNotification[] = [];
    for (const row of due) {
      const move = moves.get(`${etfOf(row)}|${row.entry_date}`);
      const rank = ranks.get(`${row.symbol}|${row.entry_date}`);
      const facts = factsOf(row, today, {
        etfThen: num(move?.close_then),
        etfNow: num(move?.price_now),
        rank:
          rank && rank.rank_then !== null && rank.rank_now !== null
            ? { atEntry: rank.rank_then, now: rank.rank_now }
            : null,
      });
      for (const hit of evaluateMonitor(completeMonitorSettings(row.notification_settings), facts))
        hits.push({
          portfolio_id: row.portfolio_id,
          position_id: row.position_id,
          symbol: row.symbol,
          rating: hit.type,
          title: hit.title,
          text: hit.text,
          factor: hit.factor,
          day: hit.day,
          ...(this.clock.replay ? { created_at: firedAt(hit.day, this.clock.now()) } : {}),
        });
    }
    const stored = await this.repo.insert(hits, { earliest: this.clock.replay });
    for (const row of due) this.seen.set(row.position_id, signatureOf(row, today));
    if (stored.length === 0) return;
    const owners = new Map(due.map((row) => [row.portfolio_id, row.user_id]));
    for (const row of stored) this.onNotification(owners.get(row.portfolio_id)!, toNotification(row));
  }
}

/** What the rules of a position read; the same signature means the same answer. */
function signatureOf(row: PositionFactsRow, today: string) {
  return [
    today,
    row.last_price,
    row.previous_close,
    row.next_earning,
    row.rating_at?.toISOString(),
    row.last_bar_day,
    JSON.stringify(row.notification_settings),
    row.preferences?.default_etf,
  ].join('|');
}

function unique(pairs: { symbol: string; day: string }[]) {
  return [...new Map(pairs.map((pair) => [`${pair.symbol}|${pair.day}`, pair])).values()];
}

function factsOf(
  row: PositionFactsRow,
  today: string,
  extra: { etfThen: number | null; etfNow: number | null; rank: MonitorFacts['rank'] },
): MonitorFacts {
  const previousClose = num(row.close_before_last_bar);
  const open = num(row.last_bar_open);
  const ratio = previousClose !== null && open !== null ? splitRatioOf(previousClose, open) : null;
  return {
    today,
    symbol: row.symbol,
    kind: row.kind,
    entryDate: row.entry_date,
    entryPrice: Number(row.entry_price),
    lastPrice: num(row.last_price),
    etfPercent:
      extra.etfThen !== null && extra.etfNow !== null && extra.etfThen !== 0
        ? (100 * (extra.etfNow - extra.etfThen)) / extra.etfThen
        : null,
    ma50: num(row.ma50),
    previousClose: num(row.previous_close),
    earningDate: row.next_earning,
    rating:
      row.rating === null || row.rating_at === null
        ? null
        : {
            rating: row.rating,
            day: newYorkDate(row.rating_at),
            analyst: row.rating_analyst ?? 'An analyst',
            priceTarget: num(row.rating_target),
          },
    split: ratio !== null && row.last_bar_day !== null ? { day: row.last_bar_day, ratio } : null,
    rank: extra.rank,
  };
}
