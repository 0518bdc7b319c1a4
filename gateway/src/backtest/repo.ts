import type { Db } from '../platform/db';

export interface RatingRow {
  id: string;
  analystId: string;
  analyst: string;
  symbol: string;
  rating: 'buy' | 'sell';
  publishedAt: Date;
}

/** The backtests' reads: closes, the trading calendar and ratings. Knows nothing of the rules. */
export function backtestRepo(db: Db) {
  return {
    /** SPY's trading days from `from` to `to`, with the last one before `from` (the entry close). */
    async calendar(from: string, to: string): Promise<string[]> {
      const before = await db
        .selectFrom('daily_bars')
        .select('date')
        .where('symbol', '=', 'SPY')
        .where('date', '<', from)
        .orderBy('date', 'desc')
        .limit(1)
        .executeTakeFirst();
      const rows = await db
        .selectFrom('daily_bars')
        .select('date')
        .where('symbol', '=', 'SPY')
        .where('date', '>=', before?.date ?? from)
        .where('date', '<=', to)
        .orderBy('date')
        .execute();
      return rows.map((row) => String(row.date).slice(0, 10));
    },

    /** Closes (exact, as text) of the symbols between two days, by symbol then day. */
    async closes(symbols: readonly string[], from: string, to: string) {
      const out = new Map<string, Map<string, string>>();
      if (symbols.length === 0) return out;
      const rows = await db
        .selectFrom('daily_bars')
        .select(['symbol', 'date', 'close'])
        .where('symbol', 'in', [...symbols])
        .where('date', '>=', from)
        .where('date', '<=', to)
        .orderBy('symbol')
        .orderBy('date')
        .execute();
      for (const row of rows) {
        let map = out.get(row.symbol);
        if (!map) out.set(row.symbol, (map = new Map()));
        map.set(String(row.date).slice(0, 10), String(row.close));
      }
      return out;
    },

    /** The analyst's name, or null when unknown. */
    async analystName(analystId: string) {
      const row = await db
        .selectFrom('ratings')
        .select('analyst')
        .where('analyst_id', '=', analystId)
        .limit(1)
        .executeTakeFirst();
      return row?.analyst ?? null;
    },

    /** The user's followed symbols (the watchlist). */
    async followed(userId: number) {
      const rows = await db.selectFrom('watchlist').select('symbol').where('user_id', '=', userId).execute();
      return new Set(rows.map((row) => row.symbol));
    },

    /** The id of an analyst by name (the newest rating's), or null. */
    async analystIdByName(name: string) {
      const row = await db
        .selectFrom('ratings')
        .select('analyst_id')
        .where('analyst', '=', name)
        .orderBy('published_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.analyst_id ?? null;
    },

    /** Ratings published in a window, optionally of one analyst, oldest first. */
    async ratings(from: Date, to: Date, analystId?: string): Promise<RatingRow[]> {
      const rows = await db
        .selectFrom('ratings')
        .select(['id', 'analyst_id', 'analyst', 'symbol', 'rating', 'published_at'])
        .where('published_at', '>=', from)
        .where('published_at', '<', to)
        .$if(analystId !== undefined, (q) => q.where('analyst_id', '=', analystId!))
        .orderBy('published_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        analystId: row.analyst_id,
        analyst: row.analyst,
        symbol: row.symbol,
        rating: row.rating,
        publishedAt: new Date(row.published_at),
      }));
    },
  };
}
