import { newYorkDate } from '@insight/shared/market/calendar';
import { etfBaseDay, etfMovePercent, lastClosedDay } from '@insight/shared/portfolio/etf-move';
import { marketMessages } from '@insight/shared/market/schemas';
import {
  watchlistLimits,
  watchlistMessages,
  type WatchlistItem,
  type WatchlistResponse,
} from '@insight/shared/watchlist/schemas';
import { marketReadRepo, num } from '../market/read-repo';
import { sectorOfName } from '../market/service';
import type { Db } from '../platform/db';
import { badRequest, HttpError } from '../platform/errors';
import { watchlistRepo } from './repo';

/** The market's now: follows are stamped with it, and "today" of the earnings dates is its day. */
export interface WatchlistClock {
  now(): Date;
  /** A replay of past follows (the demo watchlist): the price is the last close on the clock's day. */
  replay?: boolean;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Percent change from `from` to `to`, 2 decimals; null when either is missing (or `from` is 0). */
const percentChange = (from: number | null, to: number | null) =>
  from === null || to === null || from === 0 ? null : round2((100 * (to - from)) / from);

/** (Moved to shared: the one rule of the ETF's base for the watchlist and the portfolio.) */
export { lastClosedDay };

/**
 * The watchlist (spec 001 §3, §4): what each user follows, with when and at what price, and each
 * item's figures computed from the stored market facts when read. Knows nothing of HTTP; every
 * change answers the whole watchlist, as the spec's calls do.
 */
export class WatchlistService {
  private readonly repo;
  private readonly market;

  constructor(
    private readonly db: Db,
    private readonly clock: WatchlistClock,
  ) {
    this.repo = watchlistRepo(db);
    this.market = marketReadRepo(db);
  }

  /**
   * Follows a known symbol at its last price now (its quote, else its last close). Following it again
   * keeps the original entry. 404 for an unknown symbol; 400 beyond the size limit.
   */
  async follow(userId: number, symbol: string): Promise<WatchlistResponse> {
    const last = this.clock.replay
      ? await this.market.closeOnOrBefore(symbol, newYorkDate(this.clock.now()))
      : await this.market.lastPrice(symbol);
    if (!last) throw new HttpError(404, marketMessages.unknownSymbol(symbol));
    await this.db.transaction().execute(async (trx) => {
      await this.repo.lockOwner(userId, trx);
      if (await this.repo.isFollowing(userId, symbol, trx)) return;
      if ((await this.repo.count(userId, trx)) >= watchlistLimits.maxSymbols)
        throw badRequest(watchlistMessages.tooMany);
      await this.repo.add({ userId, symbol, followedAt: this.clock.now(), entryPrice: last.price }, trx);
    });
    return this.list(userId);
  }

  /** Stops following a symbol; one not followed (or unknown) changes nothing. */
  async unfollow(userId: number, symbol: string): Promise<WatchlistResponse> {
    await this.repo.remove(userId, symbol);
    return this.list(userId);
  }

  /** The whole watchlist, newest follow first. */
  async list(userId: number): Promise<WatchlistResponse> {
    const rows = await this.repo.items(userId, newYorkDate(this.clock.now()));
    const withEtf = rows.map((row) => ({
      row,
      etf: sectorOfName(row.sector)?.symbol ?? null,
      since: etfBaseDay(newYorkDate(row.followed_at), row.followed_at),
    }));
    const pairs = new Map<string, { symbol: string; day: string }>();
    for (const { etf, since } of withEtf)
      if (etf !== null) pairs.set(`${etf}|${since}`, { symbol: etf, day: since });
    const etfFacts = new Map(
      (await this.repo.closesThenAndNow([...pairs.values()])).map((fact) => [
        `${fact.symbol}|${fact.day}`,
        fact,
      ]),
    );

    const items = withEtf.map(({ row, etf, since }): WatchlistItem => {
      const entryPrice = num(row.entry_price);
      const lastPrice = num(row.last_price ?? row.last_close);
      const etfFact = etf === null ? undefined : etfFacts.get(`${etf}|${since}`);
      return {
        symbol: row.symbol,
        company_name: row.name ?? row.symbol,
        sector: row.sector,
        entry_date: { date: row.followed_at.toISOString() },
        entryPrice: entryPrice === null ? null : round2(entryPrice),
        lastPrice: lastPrice === null ? null : round2(lastPrice),
        pl: percentChange(entryPrice, lastPrice),
        etf_pl: etfMovePercent(num(etfFact?.close_then), num(etfFact?.price_now)),
        etf,
        dailyChangePercent: row.daily_change === null ? null : round2(Number(row.daily_change)),
        earningDate: row.next_earning ?? null,
      };
    });
    return { followingSymbols: items.map((item) => item.symbol), items };
  }
}
