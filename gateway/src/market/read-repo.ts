import { sql } from 'kysely';
import type { Db } from '../platform/db';

/** NUMERIC columns arrive as exact strings; the reads answer numbers. */
export const num = (value: string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/** Escapes LIKE's wildcards so that user text matches literally (with `escape '\'`). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Lower-case words of a name or of search text: "Coca-Cola Co." → "coca cola co". */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export interface NewsQuery {
  tickers?: readonly string[];
  channels?: readonly string[];
  limit: number;
  offset: number;
}

/**
 * Reads of the ingested market data (companies, quotes, bars, earnings, news). Rows come back as
 * stored; the service turns them into the spec's entities.
 */
export function marketReadRepo(db: Db) {
  return {
    async quotes(symbols: readonly string[]) {
      if (symbols.length === 0) return [];
      return db
        .selectFrom('quotes')
        .selectAll()
        .where('symbol', 'in', [...new Set(symbols)])
        .execute();
    },

    /** A company with its quote (null columns when it has none). */
    async companyWithQuote(symbol: string) {
      return db
        .selectFrom('companies')
        .leftJoin('quotes', 'quotes.symbol', 'companies.symbol')
        .selectAll('companies')
        .select([
          'quotes.last_price',
          'quotes.daily_change',
          'quotes.daily_change_value',
          'quotes.volume',
          'quotes.bid',
          'quotes.day_low',
          'quotes.day_high',
          'quotes.at',
        ])
        .where('companies.symbol', '=', symbol)
        .executeTakeFirst();
    },

    /** The symbols of the list that are known companies. */
    async knownSymbols(symbols: readonly string[]) {
      if (symbols.length === 0) return new Set<string>();
      const rows = await db
        .selectFrom('companies')
        .select('symbol')
        .where('symbol', 'in', [...new Set(symbols)])
        .execute();
      return new Set(rows.map((row) => row.symbol));
    },

    /** The last price of a known symbol: its quote, else its last daily close; undefined when unknown. */
    async lastPrice(symbol: string) {
      return db
        .selectFrom('companies')
        .leftJoin('quotes', 'quotes.symbol', 'companies.symbol')
        .select((eb) => [
          'companies.symbol',
          eb.fn
            .coalesce(
              'quotes.last_price',
              eb
                .selectFrom('daily_bars')
                .select('daily_bars.close')
                .whereRef('daily_bars.symbol', '=', 'companies.symbol')
                .orderBy('daily_bars.date', 'desc')
                .limit(1),
            )
            .as('price'),
        ])
        .where('companies.symbol', '=', symbol)
        .executeTakeFirst();
    },

    /** The last daily close of a symbol on or before a day (a replay of the past); undefined when none. */
    async closeOnOrBefore(symbol: string, day: string) {
      return db
        .selectFrom('daily_bars')
        .select(['symbol', 'close as price'])
        .where('symbol', '=', symbol)
        .where('date', '<=', day)
        .orderBy('date', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Search by symbol or company name, case-insensitive: rank 0 the exact symbol, 1 symbols that
     * start with the text, 2 names with a word that starts with it. Within a rank, shorter symbols
     * (rank 1) and bigger companies (rank 2) come first.
     */
    async searchSymbols(text: string, limit: number, offset: number) {
      const upper = text.trim().toUpperCase();
      const symbolPrefix = `${likeLiteral(upper)}%`;
      const words = wordsOf(text);
      const wordPrefix = words === '' ? null : `% ${likeLiteral(words)}%`;
      const normalisedName = sql<string>`' ' || trim(regexp_replace(lower(companies.name), '[^a-z0-9]+', ' ', 'g'))`;
      const rank = sql<number>`case
        when companies.symbol = ${upper} then 0
        when companies.symbol like ${symbolPrefix} escape '\\' then 1
        else 2 end`;
      return db
        .selectFrom('companies')
        .select(['symbol', 'name', rank.as('rank')])
        .where((eb) =>
          eb.or([
            eb('symbol', '=', upper),
            sql<boolean>`companies.symbol like ${symbolPrefix} escape '\\'`,
            ...(wordPrefix === null ? [] : [sql<boolean>`${normalisedName} like ${wordPrefix} escape '\\'`]),
          ]),
        )
        .orderBy(rank)
        .orderBy(
          sql`case when companies.symbol like ${symbolPrefix} escape '\\' then length(companies.symbol) end`,
        )
        .orderBy(sql`companies.market_cap desc nulls last`)
        .orderBy('symbol')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** The first earnings date on or after `today`. */
    async nextEarnings(symbol: string, today: string) {
      return db
        .selectFrom('earnings')
        .select(['date', 'session'])
        .where('symbol', '=', symbol)
        .where('date', '>=', today)
        .orderBy('date')
        .limit(1)
        .executeTakeFirst();
    },

    /** News newest first, filtered by any of the tickers and any of the channels when given. */
    async news(query: NewsQuery) {
      const { tickers, channels } = query;
      return db
        .selectFrom('news')
        .select(['title', 'url', 'updated', 'author', 'image'])
        .$if(tickers !== undefined, (q) => q.where(sql<boolean>`news.tickers && ${[...tickers!]}::text[]`))
        .$if(channels !== undefined, (q) => q.where(sql<boolean>`news.channels && ${[...channels!]}::text[]`))
        .orderBy('updated', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit)
        .offset(query.offset)
        .execute();
    },

    /** The days on which both symbols have a close, from `start` on, oldest first. */
    async pairedCloses(symbol: string, other: string, start: string) {
      return db
        .selectFrom('daily_bars as a')
        .innerJoin('daily_bars as b', (join) =>
          join.onRef('b.date', '=', 'a.date').on('b.symbol', '=', other),
        )
        .select(['a.date', 'a.close as symbol_close', 'b.close as other_close'])
        .where('a.symbol', '=', symbol)
        .where('a.date', '>=', start)
        .orderBy('a.date')
        .execute();
    },

    /** A company's sector (null for an ETF); undefined when the symbol is unknown. */
    async sectorOf(symbol: string) {
      return db
        .selectFrom('companies')
        .select(['symbol', 'sector'])
        .where('symbol', '=', symbol)
        .executeTakeFirst();
    },

    /**
     * The ratings of a symbol published from `since`, newest first, with the analyst's name and firm
     * as the analysts list has them now (as published when the analyst is not listed).
     */
    async ratingsOf(symbol: string, since: Date) {
      return db
        .selectFrom('ratings')
        .leftJoin('analysts', 'analysts.id', 'ratings.analyst_id')
        .select((eb) => [
          'ratings.id',
          'ratings.analyst_id',
          'ratings.rating',
          'ratings.price_target',
          'ratings.price_when_posted',
          'ratings.published_at',
          eb.fn.coalesce('analysts.name', 'ratings.analyst').as('analyst_name'),
          eb.fn.coalesce('analysts.firm', 'ratings.firm').as('firm'),
        ])
        .where('ratings.symbol', '=', symbol)
        .where('ratings.published_at', '>=', since)
        .orderBy('ratings.published_at', 'desc')
        .orderBy('ratings.id', 'desc')
        .execute();
    },

    /** The date of a symbol's newest stored daily bar. */
    async newestBarDate(symbol: string) {
      const row = await db
        .selectFrom('daily_bars')
        .select((eb) => eb.fn.max('date').as('date'))
        .where('symbol', '=', symbol)
        .executeTakeFirst();
      return row?.date ?? null;
    },

    /** A symbol's daily closes from `from` on, oldest first. */
    async closesFrom(symbol: string, from: string) {
      return db
        .selectFrom('daily_bars')
        .select(['date', 'close'])
        .where('symbol', '=', symbol)
        .where('date', '>=', from)
        .orderBy('date')
        .execute();
    },
  };
}

export type MarketReadRepo = ReturnType<typeof marketReadRepo>;
