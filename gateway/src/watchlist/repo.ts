import { sql } from 'kysely';
import type { Db } from '../platform/db';

/** Queries of the watchlist and of the market facts its items are computed from. No rules here. */
export function watchlistRepo(db: Db) {
  return {
    /**
     * Takes the user's row lock for the rest of the transaction: one user's follows then run one at a
     * time, so two at once cannot both pass the size limit.
     */
    async lockOwner(userId: number, trx: Db) {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },

    async isFollowing(userId: number, symbol: string, trx: Db = db) {
      const row = await trx
        .selectFrom('watchlist')
        .select('symbol')
        .where('user_id', '=', userId)
        .where('symbol', '=', symbol)
        .executeTakeFirst();
      return row !== undefined;
    },

    async count(userId: number, trx: Db = db) {
      const row = await trx
        .selectFrom('watchlist')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Adds a followed symbol; one already followed keeps its original entry. */
    async add(
      entry: { userId: number; symbol: string; followedAt: Date; entryPrice: string | null },
      trx: Db = db,
    ) {
      await trx
        .insertInto('watchlist')
        .values({
          user_id: entry.userId,
          symbol: entry.symbol,
          followed_at: entry.followedAt,
          entry_price: entry.entryPrice,
        })
        .onConflict((oc) => oc.columns(['user_id', 'symbol']).doNothing())
        .execute();
    },

    async remove(userId: number, symbol: string) {
      await db.deleteFrom('watchlist').where('user_id', '=', userId).where('symbol', '=', symbol).execute();
    },

    /**
     * A user's followed symbols, newest follow first, with the facts of each: its company, its quote,
     * its last close (for a symbol without a quote) and its next earnings date on or after `today`.
     */
    async items(userId: number, today: string) {
      return db
        .selectFrom('watchlist as w')
        .leftJoin('companies as c', 'c.symbol', 'w.symbol')
        .leftJoin('quotes as q', 'q.symbol', 'w.symbol')
        .select((eb) => [
          'w.symbol',
          'w.followed_at',
          'w.entry_price',
          'c.name',
          'c.sector',
          'q.last_price',
          'q.daily_change',
          eb
            .selectFrom('daily_bars as b')
            .select('b.close')
            .whereRef('b.symbol', '=', 'w.symbol')
            .orderBy('b.date', 'desc')
            .limit(1)
            .as('last_close'),
          eb
            .selectFrom('earnings as e')
            .select((e) => e.fn.min('e.date').as('date'))
            .whereRef('e.symbol', '=', 'w.symbol')
            .where('e.date', '>=', today)
            .as('next_earning'),
        ])
        .where('w.user_id', '=', userId)
        .orderBy('w.followed_at', 'desc')
        .orderBy('w.symbol')
        .execute();
    },

    /**
     * For each (symbol, day): the symbol's close on that day or the last before it, and its last price
     * now (its quote, else its last close). The sector ETFs' side of the watchlist's comparison.
     */
    async closesThenAndNow(pairs: readonly { symbol: string; day: string }[]) {
      if (pairs.length === 0) return [];
      const result = await sql<{
        symbol: string;
        day: string;
        close_then: string | null;
        price_now: string | null;
      }>`
        select x.symbol, x.day::text as day,
          (select b.close from daily_bars b
            where b.symbol = x.symbol and b.date <= x.day order by b.date desc limit 1) as close_then,
          coalesce(
            (select q.last_price from quotes q where q.symbol = x.symbol),
            (select b.close from daily_bars b where b.symbol = x.symbol order by b.date desc limit 1)
          ) as price_now
        from unnest(${pairs.map((pair) => pair.symbol)}::text[], ${pairs.map((pair) => pair.day)}::date[])
          as x(symbol, day)`.execute(db);
      return result.rows;
    },
  };
}

export type WatchlistRepo = ReturnType<typeof watchlistRepo>;
