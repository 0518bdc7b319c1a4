import type { CompanyFacts, PriceSeries, RatingFact } from '@insight/shared/scan/engine';
import type { ScanFilters } from '@insight/shared/scan/schemas';
import { newYorkDate } from '@insight/shared/market/calendar';
import { sql, type ColumnType, type Generated } from 'kysely';
import { fundamentalsRepo } from '../market/fundamentals';
import type { Db } from '../platform/db';

/** Migration 0016: a user's saved scanner setting. */
export interface ReportSettingsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string;
  filters: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface FactsStamp {
  companies: string;
  quarters: string;
  ratings: string;
  bars: string;
}

/** Migration 0016: the settled bars of a symbol up to `upto`, compact (see `series`). */
export interface ScanSeriesTable {
  symbol: string;
  upto: string;
  dates: string;
  closes: string;
  volumes: string;
}

declare module '../platform/schema' {
  interface Database {
    report_settings: ReportSettingsTable;
    scan_series: ScanSeriesTable;
  }
}

/** Field and record separators of the packed ratings (never in an id, a name or a number). */
const unit = String.fromCharCode(31);
const record = String.fromCharCode(30);
/** A symbol's bars after its compact row are folded into it once they are this many. */
const foldAfter = 20;

/** The settings' queries and the scan's bulk reads of facts. Knows nothing of the rules. */
export function scanRepo(db: Db) {
  const fundamentals = fundamentalsRepo(db);
  return {
    async settingsOf(userId: number) {
      return db
        .selectFrom('report_settings')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    async setting(userId: number, id: number) {
      return db
        .selectFrom('report_settings')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async createSetting(userId: number, name: string, description: string, filters: ScanFilters) {
      const row = await db
        .insertInto('report_settings')
        .values({ user_id: userId, name, description, filters: JSON.stringify(filters) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** True when the user's setting was there to update. */
    async updateSetting(userId: number, id: number, name: string, description: string, filters: ScanFilters) {
      const result = await db
        .updateTable('report_settings')
        .set({ name, description, filters: JSON.stringify(filters), updated_at: new Date() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The symbols of the user's open positions (in_file). */
    async portfolioSymbols(userId: number) {
      const rows = await db
        .selectFrom('portfolio_positions as p')
        .innerJoin('portfolios as f', 'f.id', 'p.portfolio_id')
        .select('p.symbol')
        .distinct()
        .where('f.user_id', '=', userId)
        .where('p.close_date', 'is', null)
        .execute();
      return new Set(rows.map((row) => row.symbol));
    },

    // ---- the scan's facts, each kind in one query ----

    /** Every company with a sector, its fiscal quarters (each known from its report date) and earnings dates. */
    async companies(): Promise<Map<string, CompanyFacts>> {
      const [result, quarters] = await Promise.all([
        sql<{
          symbol: string;
          name: string;
          sector: string;
          industry: string | null;
          shares: string | null;
          earnings: string | null;
        }>`
          select c.symbol, c.name, c.sector, c.industry, c.shares_outstanding as shares,
            (select string_agg(e.date::text, ',' order by e.date) from earnings e where e.symbol = c.symbol) as earnings
          from companies c
          where c.sector is not null and c.kind = 'stock'`.execute(db),
        fundamentals.quartersBySymbol(),
      ]);
      const companies = new Map<string, CompanyFacts>();
      for (const row of result.rows) {
        companies.set(row.symbol, {
          symbol: row.symbol,
          name: row.name,
          sector: row.sector,
          industry: row.industry ?? '',
          adr: /\bADR\b|American Depositary/i.test(row.name),
          sharesOutstanding: row.shares === null ? null : Number(row.shares),
          quarters: quarters.get(row.symbol) ?? [],
          earnings: row.earnings === null ? [] : row.earnings.split(','),
        });
      }
      return companies;
    },

    /**
     * Ratings of companies with a sector, grouped by sector: packed into one string (on PGlite, tens of
     * thousands of rows are far slower to hand over one by one, or as JSON).
     */
    async ratings(): Promise<Map<string, RatingFact[]>> {
      const result = await sql<{ packed: string | null }>`
        select string_agg(concat_ws(${unit}, r.id, r.analyst_id, r.analyst, r.symbol, c.sector, r.rating,
            floor(extract(epoch from r.published_at))::bigint::text, r.price_when_posted::text,
            r.price_target::text), ${record}) as packed
        from ratings r join companies c on c.symbol = r.symbol
        where c.sector is not null`.execute(db);
      const bySector = new Map<string, RatingFact[]>();
      const packed = result.rows[0]?.packed;
      if (!packed) return bySector;
      // The New York day of each publication, worked out once per hour of publication.
      const dayOfHour = new Map<number, string>();
      const dayOf = (epochSeconds: number) => {
        const hour = Math.floor(epochSeconds / 3600);
        let day = dayOfHour.get(hour);
        if (day === undefined) dayOfHour.set(hour, (day = newYorkDate(new Date(hour * 3_600_000))));
        return day;
      };
      for (const line of packed.split(record)) {
        const [id, analystId, analystName, symbol, sector, rating, epoch, entry, target] = line.split(
          unit,
        ) as [string, string, string, string, string, 'buy' | 'sell', string, string, string];
        let list = bySector.get(sector);
        if (!list) bySector.set(sector, (list = []));
        list.push({
          id,
          analystId,
          analystName,
          symbol,
          rating,
          publishedDay: dayOf(Number(epoch)),
          target: Number(target),
          entryPrice: Number(entry),
        });
      }
      return bySector;
    },

    /**
     * Every symbol's daily closes and volumes, oldest first: its compact row (scan_series) and the bars
     * after it, read by the primary key's index. Symbols whose bars after the compact row reach
     * `foldAfter` are answered in `stale`, for `fold` to rewrite their rows.
     */
    async series(): Promise<{ series: Map<string, PriceSeries>; stale: string[] }> {
      const result = await sql<{
        symbol: string;
        cached_dates: string | null;
        cached_closes: string | null;
        cached_volumes: string | null;
        dates: string | null;
        closes: string | null;
        volumes: string | null;
        n: number;
      }>`
        select c.symbol, s.dates as cached_dates, s.closes as cached_closes, s.volumes as cached_volumes,
          t.dates, t.closes, t.volumes, t.n
        from companies c
        left join scan_series s on s.symbol = c.symbol
        cross join lateral (
          select string_agg(b.date::text, ',' order by b.date) as dates,
            string_agg(b.close::text, ',' order by b.date) as closes,
            string_agg(b.volume::text, ',' order by b.date) as volumes,
            count(*)::int as n
          from daily_bars b
          where b.symbol = c.symbol and b.date > coalesce(s.upto, date '1900-01-01')) t`.execute(db);
      const series = new Map<string, PriceSeries>();
      const stale: string[] = [];
      const join = (a: string | null, b: string | null) => (a && b ? `${a},${b}` : (a ?? b ?? ''));
      for (const row of result.rows) {
        const dates = join(row.cached_dates, row.dates);
        if (dates === '') continue;
        series.set(row.symbol, {
          dates: dates.split(','),
          closes: join(row.cached_closes, row.closes).split(',').map(Number),
          volumes: join(row.cached_volumes, row.volumes).split(',').map(Number),
        });
        if (row.n >= foldAfter) stale.push(row.symbol);
      }
      return { series, stale };
    },

    /** Rewrites the compact rows of some symbols from the series read. */
    async fold(series: ReadonlyMap<string, PriceSeries>, symbols: readonly string[]) {
      const rows = symbols.flatMap((symbol) => {
        const s = series.get(symbol);
        if (!s || s.dates.length === 0) return [];
        return [
          {
            symbol,
            upto: s.dates[s.dates.length - 1]!,
            dates: s.dates.join(','),
            closes: s.closes.join(','),
            volumes: s.volumes.join(','),
          },
        ];
      });
      // A few rows a statement, letting other queries in between: the rows are a cache, each upsert
      // stands alone.
      for (let i = 0; i < rows.length; i += 10) {
        await db
          .insertInto('scan_series')
          .values(rows.slice(i, i + 10))
          .onConflict((oc) =>
            oc.column('symbol').doUpdateSet((eb) => ({
              upto: eb.ref('excluded.upto'),
              dates: eb.ref('excluded.dates'),
              closes: eb.ref('excluded.closes'),
              volumes: eb.ref('excluded.volumes'),
            })),
          )
          .execute();
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    },

    /**
     * Cheap fingerprints of the kinds of facts a scan reads, each a lookup: the companies' newest
     * fetch; the quarters' count and newest report; the ratings' count and ingest cursor (a new rating moves both); SPY's newest bar (a new
     * trading day's bars; bars are never rewritten once stored).
     */
    async stamp(): Promise<FactsStamp> {
      const result = await sql<FactsStamp>`
        select
          (select concat_ws('|', count(*), max(updated_at)::text) from companies) as companies,
          (select concat_ws('|', count(*), max(reported_on)::text) from fiscal_quarters) as quarters,
          concat_ws('|', (select count(*) from ratings),
            (select cursor from ingest_state where feed = 'ratings')) as ratings,
          (select concat_ws('|', max(date)::text, (select count(*) from scan_series)) from daily_bars where symbol = 'SPY') as bars`.execute(
        db,
      );
      return result.rows[0]!;
    },
  };
}

export type ScanRepo = ReturnType<typeof scanRepo>;
