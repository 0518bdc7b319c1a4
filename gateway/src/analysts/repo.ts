import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../platform/db';
import type { CloseSeries, RatingFacts } from './judge';
import './tables';

/** The recompute's row of analyst_sector_stats. */
export interface StatsRow {
  analyst_id: string;
  sector: string;
  ratings: number;
  decided: number;
  successes: number;
  reached: number;
  outperformed: number;
  /** 0 to 1, exact to 6 places; null while nothing is decided. */
  success_rate: string | null;
  grade: number | null;
}

export interface TeamRow {
  sector: string;
  analyst_id: string;
  rank: number;
  success_rate: string;
  grade: number;
  created_at: Date;
}

/** Serialises recomputes across gateway nodes for the length of one transaction. */
const recomputeLockKey = 7_465_700_003;
/** Ratings per read of the recompute's facts (one JSON array each). */
const ratingFactsBatch = 5000;
/** Symbols per read of the close series. */
const closeSeriesBatch = 40;

/**
 * Queries of the analytics: the facts they judge (ratings with their company's sector, closes by
 * symbol) and the figures they store. Knows nothing of the rules.
 */
export function analyticsRepo(db: Db) {
  return {
    /**
     * A cheap fingerprint of the facts the figures depend on: the ratings (count, newest ingestion)
     * and the bars (every company's last bar day, each read from the primary key's index). Any new
     * rating or bar changes it.
     */
    async factsStamp(trx: Db = db): Promise<string> {
      const result = await sql<{ stamp: string }>`
        select concat_ws('|',
          (select count(*) from ratings),
          (select extract(epoch from max(ingested_at)) from ratings),
          (select count(*) from companies),
          (select sum((select max(b.date) from daily_bars b where b.symbol = c.symbol) - date '2000-01-01')
             from companies c)) as stamp`.execute(trx);
      return result.rows[0]!.stamp;
    },

    async computedStamp(trx: Db = db): Promise<string | null> {
      const row = await trx
        .selectFrom('analytics_state')
        .select('facts')
        .where('id', '=', 1)
        .executeTakeFirst();
      return row?.facts ?? null;
    },

    /**
     * Ratings of companies that have a sector; optionally of some analysts in one sector. They come as
     * JSON arrays of a batch each: on PGlite, tens of thousands of rows are far slower to hand over one
     * by one.
     */
    async ratingFacts(
      filter: { analystIds?: readonly string[]; sector?: string } = {},
    ): Promise<RatingFacts[]> {
      const batch = (from: { at: string; id: string } | null) => {
        const query = db
          .selectFrom('ratings as r')
          .innerJoin('companies as c', 'c.symbol', 'r.symbol')
          .select([
            'r.id',
            'r.analyst_id',
            'r.symbol',
            'c.sector',
            'r.rating',
            'r.published_at',
            sql<string>`to_char(r.published_at at time zone 'America/New_York', 'YYYY-MM-DD')`.as(
              'published_day',
            ),
            'r.price_when_posted',
            'r.price_target',
          ])
          .where('c.sector', 'is not', null)
          .$if(filter.analystIds !== undefined, (qb) =>
            qb.where('r.analyst_id', 'in', [...filter.analystIds!]),
          )
          .$if(filter.sector !== undefined, (qb) => qb.where('c.sector', '=', filter.sector!))
          .$if(from !== null, (qb) =>
            qb.where(sql<boolean>`(r.published_at, r.id) > (${from!.at}::timestamptz, ${from!.id})`),
          )
          .orderBy('r.published_at')
          .orderBy('r.id')
          .limit(ratingFactsBatch);
        return db.selectNoFrom(jsonArrayFrom(query).as('ratings')).executeTakeFirstOrThrow();
      };
      const facts: RatingFacts[] = [];
      // In batches, so parsing them never holds the event loop long (a recompute runs while serving).
      let after: { at: string; id: string } | null = null;
      for (;;) {
        const { ratings } = await batch(after);
        for (const row of ratings)
          facts.push({
            id: row.id,
            analystId: row.analyst_id,
            symbol: row.symbol,
            sector: row.sector!,
            rating: row.rating,
            publishedAt: new Date(row.published_at),
            publishedDay: row.published_day,
            entryPrice: Number(row.price_when_posted),
            target: Number(row.price_target),
          });
        const last = ratings.at(-1);
        if (!last || ratings.length < ratingFactsBatch) return facts;
        after = { at: String(last.published_at), id: last.id };
      }
    },

    /**
     * Closes by symbol, oldest first, each symbol's in one row (a string each for dates and closes: far
     * quicker to move and parse than a row per bar). All symbols, or some from a day on.
     */
    async closeSeries(filter: { symbols?: readonly string[]; from?: string } = {}) {
      const { from } = filter;
      // A batch of symbols per read, so receiving and parsing them never holds the event loop long.
      const symbols =
        filter.symbols ??
        (
          await sql<{ symbol: string }>`select distinct symbol from daily_bars order by symbol`.execute(db)
        ).rows.map((row) => row.symbol);
      const series = new Map<string, CloseSeries>();
      for (let start = 0; start < symbols.length; start += closeSeriesBatch) {
        const result = await sql<{ symbol: string; dates: string; closes: string }>`
          select symbol,
            string_agg(date::text, ',' order by date) as dates,
            string_agg(close::text, ',' order by date) as closes
          from daily_bars
          where symbol = any(${symbols.slice(start, start + closeSeriesBatch)}::text[])
            and ${from ? sql`date >= ${from}::date` : sql`true`}
          group by symbol`.execute(db);
        for (const row of result.rows)
          series.set(row.symbol, { dates: row.dates.split(','), closes: row.closes.split(',').map(Number) });
        await new Promise((resolve) => setImmediate(resolve));
      }
      return series;
    },

    /** Takes the recompute lock of this transaction (released at commit). */
    async lock(trx: Db) {
      await sql`select pg_advisory_xact_lock(${recomputeLockKey}::bigint)`.execute(trx);
    },

    /**
     * Makes analyst_sector_stats the given rows: rows whose figures changed are updated (and their
     * updated_at moves), the same figures are left alone, rows no longer computed are deleted.
     */
    async replaceStats(rows: readonly StatsRow[], now: Date, trx: Db) {
      const column = <K extends keyof StatsRow>(key: K) => rows.map((row) => row[key]);
      if (rows.length > 0) {
        await sql`
          insert into analyst_sector_stats
            (analyst_id, sector, ratings, decided, successes, reached, outperformed, success_rate, grade, updated_at)
          select *, ${now}::timestamptz from unnest(
            ${column('analyst_id')}::text[], ${column('sector')}::text[], ${column('ratings')}::int[],
            ${column('decided')}::int[], ${column('successes')}::int[], ${column('reached')}::int[],
            ${column('outperformed')}::int[], ${column('success_rate')}::numeric[], ${column('grade')}::int[])
          on conflict (analyst_id, sector) do update set
            ratings = excluded.ratings, decided = excluded.decided, successes = excluded.successes,
            reached = excluded.reached, outperformed = excluded.outperformed,
            success_rate = excluded.success_rate, grade = excluded.grade, updated_at = excluded.updated_at
          where (analyst_sector_stats.ratings, analyst_sector_stats.decided, analyst_sector_stats.successes,
                 analyst_sector_stats.reached, analyst_sector_stats.outperformed,
                 analyst_sector_stats.success_rate, analyst_sector_stats.grade)
            is distinct from (excluded.ratings, excluded.decided, excluded.successes, excluded.reached,
                 excluded.outperformed, excluded.success_rate, excluded.grade)`.execute(trx);
      }
      await sql`
        delete from analyst_sector_stats
        where (analyst_id, sector) not in (
          select * from unnest(${column('analyst_id')}::text[], ${column('sector')}::text[]))`.execute(trx);
    },

    async teams(trx: Db = db): Promise<TeamRow[]> {
      return trx.selectFrom('analyst_teams').selectAll().orderBy('sector').orderBy('rank').execute();
    },

    async replaceTeams(rows: readonly TeamRow[], trx: Db) {
      await trx.deleteFrom('analyst_teams').execute();
      if (rows.length > 0)
        await trx
          .insertInto('analyst_teams')
          .values([...rows])
          .execute();
    },

    async saveState(facts: string, computedAt: Date, ms: number, trx: Db) {
      await trx
        .insertInto('analytics_state')
        .values({ id: 1, facts, computed_at: computedAt, ms })
        .onConflict((oc) => oc.column('id').doUpdateSet({ facts, computed_at: computedAt, ms }))
        .execute();
    },

    // ---- reads ----

    async stats(analystIds: readonly string[], sectors: readonly string[]) {
      if (analystIds.length === 0 || sectors.length === 0) return [];
      return db
        .selectFrom('analyst_sector_stats')
        .select(['analyst_id', 'sector', 'success_rate', 'grade'])
        .where('analyst_id', 'in', [...new Set(analystIds)])
        .where('sector', 'in', [...new Set(sectors)])
        .where('grade', 'is not', null)
        .execute();
    },

    async team(sector: string) {
      return db
        .selectFrom('analyst_teams as t')
        .innerJoin('analysts as a', 'a.id', 't.analyst_id')
        .select(['t.analyst_id', 'a.name', 'a.firm', 't.rank', 't.success_rate', 't.grade', 't.created_at'])
        .where('t.sector', '=', sector)
        .orderBy('t.rank')
        .execute();
    },

    async teamCreatedAt(sector: string): Promise<Date | null> {
      const row = await db
        .selectFrom('analyst_teams')
        .select((eb) => eb.fn.min('created_at').as('created_at'))
        .where('sector', '=', sector)
        .executeTakeFirst();
      return row?.created_at ?? null;
    },

    async company(symbol: string) {
      return db
        .selectFrom('companies')
        .select(['symbol', 'sector'])
        .where('symbol', '=', symbol)
        .executeTakeFirst();
    },

    /** The ids of the analysts of a name (compared without case), with their ratings in a sector. */
    async analystsNamed(name: string, sector: string) {
      return db
        .selectFrom('analysts as a')
        .leftJoin('ratings as r', 'r.analyst_id', 'a.id')
        .leftJoin('companies as c', (join) =>
          join.onRef('c.symbol', '=', 'r.symbol').on('c.sector', '=', sector),
        )
        .select(['a.id', (eb) => eb.fn.count<number>('c.symbol').as('in_sector')])
        .where(sql<boolean>`lower(a.name) = lower(${name})`)
        .groupBy('a.id')
        .orderBy('in_sector', 'desc')
        .orderBy('a.id')
        .execute();
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof analyticsRepo>;
