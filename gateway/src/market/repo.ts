import type {
  UpstreamAnalyst,
  UpstreamCompany,
  UpstreamDailyBar,
  UpstreamEarnings,
  UpstreamNewsItem,
  UpstreamQuote,
  UpstreamRating,
} from '@insight/shared/upstream/contract';
import { sql } from 'kysely';
import type { Db } from '../platform/db';

/**
 * Writes of ingested market data. Every write is idempotent: facts that never change (bars, ratings,
 * news) are inserted once and skipped after; facts that move (quotes, fundamentals) are replaced.
 * Bulk rows go through `unnest` so a thousand bars are one statement.
 */
export function marketWriteRepo(db: Db) {
  return {
    async upsertAnalysts(analysts: readonly UpstreamAnalyst[], trx: Db = db) {
      if (analysts.length === 0) return 0;
      const result = await sql`
        insert into analysts (id, name, firm)
        select * from unnest(${analysts.map((a) => a.id)}::text[], ${analysts.map((a) => a.name)}::text[], ${analysts.map((a) => a.firm)}::text[])
        on conflict (id) do update set name = excluded.name, firm = excluded.firm
          where analysts.name <> excluded.name or analysts.firm <> excluded.firm`.execute(trx);
      return Number(result.numAffectedRows ?? 0);
    },

    async upsertCompanies(companies: readonly UpstreamCompany[], trx: Db = db) {
      for (let i = 0; i < companies.length; i += 200) {
        const chunk = companies.slice(i, i + 200);
        await trx
          .insertInto('companies')
          .values(
            chunk.map((c) => ({
              symbol: c.symbol,
              name: c.name,
              kind: c.kind,
              sector: c.sector,
              industry: c.industry,
              exchange: c.exchange,
              market_cap: c.market_cap,
              shares_outstanding: c.shares_outstanding,
              beta: c.beta,
              avg_vol_20d: c.avg_vol_20d,
              description: c.description,
              indexes: c.indexes as string[],
              index_history: JSON.stringify(c.index_history),
              updated_at: new Date(),
            })),
          )
          .onConflict((oc) =>
            oc.column('symbol').doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              kind: eb.ref('excluded.kind'),
              // An admin's sector (Add Symbols) stays while the upstream knows none.
              sector: sql<string | null>`coalesce(excluded.sector, companies.sector)`,
              industry: eb.ref('excluded.industry'),
              exchange: eb.ref('excluded.exchange'),
              market_cap: eb.ref('excluded.market_cap'),
              shares_outstanding: eb.ref('excluded.shares_outstanding'),
              beta: eb.ref('excluded.beta'),
              // P/E, P/B, EPS, ROE and the rest are the fundamentals' figures of the last close, written
              // by `fundamentalsRepo.refreshCompanyFigures` from the stored quarters, not by the upstream.
              avg_vol_20d: eb.ref('excluded.avg_vol_20d'),
              description: eb.ref('excluded.description'),
              indexes: eb.ref('excluded.indexes'),
              index_history: eb.ref('excluded.index_history'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
    },

    async insertBars(bars: readonly UpstreamDailyBar[], trx: Db = db) {
      let inserted = 0;
      for (let i = 0; i < bars.length; i += 5000) {
        const chunk = bars.slice(i, i + 5000);
        const result = await sql`
          insert into daily_bars (symbol, date, open, high, low, close, volume)
          select * from unnest(
            ${chunk.map((b) => b.symbol)}::text[], ${chunk.map((b) => b.date)}::date[],
            ${chunk.map((b) => b.open)}::numeric[], ${chunk.map((b) => b.high)}::numeric[],
            ${chunk.map((b) => b.low)}::numeric[], ${chunk.map((b) => b.close)}::numeric[],
            ${chunk.map((b) => b.volume)}::bigint[])
          on conflict (symbol, date) do nothing`.execute(trx);
        inserted += Number(result.numAffectedRows ?? 0);
      }
      return inserted;
    },

    async symbols() {
      const rows = await db.selectFrom('companies').select('symbol').orderBy('symbol').execute();
      return rows.map((row) => row.symbol);
    },

    async lastBarDates() {
      const rows = await db
        .selectFrom('daily_bars')
        .select(['symbol', (eb) => eb.fn.max('date').as('last')])
        .groupBy('symbol')
        .execute();
      return new Map(rows.map((row) => [row.symbol, row.last as string]));
    },

    async upsertQuotes(quotes: readonly UpstreamQuote[], trx: Db = db) {
      if (quotes.length === 0) return;
      await sql`
        insert into quotes (symbol, last_price, daily_change, daily_change_value, previous_close, volume, bid, day_low, day_high, at)
        select * from unnest(
          ${quotes.map((q) => q.symbol)}::text[], ${quotes.map((q) => q.last_price)}::numeric[],
          ${quotes.map((q) => q.daily_change)}::numeric[], ${quotes.map((q) => q.daily_change_value)}::numeric[],
          ${quotes.map((q) => q.previous_close)}::numeric[], ${quotes.map((q) => q.volume)}::bigint[],
          ${quotes.map((q) => q.bid)}::numeric[], ${quotes.map((q) => q.day_low)}::numeric[],
          ${quotes.map((q) => q.day_high)}::numeric[], ${quotes.map((q) => q.at)}::timestamptz[])
        on conflict (symbol) do update set
          last_price = excluded.last_price, daily_change = excluded.daily_change,
          daily_change_value = excluded.daily_change_value, previous_close = excluded.previous_close,
          volume = excluded.volume, bid = excluded.bid, day_low = excluded.day_low,
          day_high = excluded.day_high, at = excluded.at
        where quotes.at <= excluded.at`.execute(trx);
    },

    /** Inserts ratings not seen before; returns the ids that were new. */
    async insertRatings(ratings: readonly UpstreamRating[], trx: Db = db): Promise<string[]> {
      if (ratings.length === 0) return [];
      const result = await sql<{ id: string }>`
        insert into ratings (id, analyst_id, analyst, firm, symbol, rating, price_target, price_when_posted, published_at)
        select * from unnest(
          ${ratings.map((r) => r.id)}::text[], ${ratings.map((r) => r.analyst_id)}::text[],
          ${ratings.map((r) => r.analyst)}::text[], ${ratings.map((r) => r.firm)}::text[],
          ${ratings.map((r) => r.symbol)}::text[], ${ratings.map((r) => r.rating)}::text[],
          ${ratings.map((r) => r.price_target)}::numeric[], ${ratings.map((r) => r.price_when_posted)}::numeric[],
          ${ratings.map((r) => r.published_at)}::timestamptz[])
        on conflict (id) do nothing
        returning id`.execute(trx);
      return result.rows.map((row) => row.id);
    },

    async upsertEarnings(earnings: readonly UpstreamEarnings[], trx: Db = db) {
      if (earnings.length === 0) return;
      await sql`
        insert into earnings (symbol, date, session)
        select * from unnest(${earnings.map((e) => e.symbol)}::text[], ${earnings.map((e) => e.date)}::date[], ${earnings.map((e) => e.session)}::text[]) as x(symbol, date, session)
        -- An admin's earnings date (Update Earnings Date) hides the upstream's dates before it.
        where not exists (select 1 from earnings_overrides o
          where o.symbol = x.symbol and x.date >= o.from_date and x.date < o.earning_date)
        on conflict (symbol, date) do update set session = excluded.session`.execute(trx);
    },

    async insertNews(items: readonly UpstreamNewsItem[], trx: Db = db) {
      if (items.length === 0) return 0;
      const result = await trx
        .insertInto('news')
        .values(
          items.map((n) => ({
            ...n,
            updated: new Date(n.updated),
            tickers: n.tickers,
            channels: n.channels as string[],
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return result.reduce((sum, r) => sum + Number(r.numInsertedOrUpdatedRows ?? 0), 0);
    },

    async cursor(feed: string) {
      const row = await db
        .selectFrom('ingest_state')
        .select('cursor')
        .where('feed', '=', feed)
        .executeTakeFirst();
      return row?.cursor ?? null;
    },

    async saveCursor(feed: string, cursor: string, trx: Db = db) {
      await trx
        .insertInto('ingest_state')
        .values({ feed, cursor, updated_at: new Date() })
        .onConflict((oc) => oc.column('feed').doUpdateSet({ cursor, updated_at: new Date() }))
        .execute();
    },

    async counts() {
      const row = await sql<Record<string, number>>`
        select (select count(*) from companies) as companies, (select count(*) from daily_bars) as bars,
               (select count(*) from analysts) as analysts, (select count(*) from ratings) as ratings,
               (select count(*) from earnings) as earnings, (select count(*) from news) as news,
               (select count(*) from quotes) as quotes`.execute(db);
      const counts = row.rows[0] ?? {};
      const n = (key: string) => Number(counts[key] ?? 0);
      return {
        companies: n('companies'),
        bars: n('bars'),
        analysts: n('analysts'),
        ratings: n('ratings'),
        earnings: n('earnings'),
        news: n('news'),
        quotes: n('quotes'),
      };
    },
  };
}

export type MarketWriteRepo = ReturnType<typeof marketWriteRepo>;
