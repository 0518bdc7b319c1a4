import {
  fundamentalsOn,
  type FundamentalFigures,
  type ReportedQuarter,
} from '@insight/shared/market/fundamentals';
import { newYorkDate } from '@insight/shared/market/calendar';
import type { UpstreamFiscalQuarter } from '@insight/shared/upstream/contract';
import { sql } from 'kysely';
import type { Db } from '../platform/db';
import type { NullableNumeric, Numeric } from '../platform/schema';

/** Migration 0019: a company's fiscal quarter as reported, the day the market learned it. */
export interface FiscalQuartersTable {
  symbol: string;
  period_end: string;
  fiscal_year: number;
  fiscal_quarter: number;
  reported_on: string;
  session: 'bmo' | 'amc';
  eps: Numeric;
  eps_ttm: NullableNumeric;
  eps_estimate: NullableNumeric;
  revenue: NullableNumeric;
  net_income: NullableNumeric;
  book_value_per_share: NullableNumeric;
  current_ratio: NullableNumeric;
  shares_outstanding: NullableNumeric;
  dividend_per_share: NullableNumeric;
}

declare module '../platform/schema' {
  interface Database {
    fiscal_quarters: FiscalQuartersTable;
  }
}

/** Field and record separators of the packed quarters (never in a symbol, a date or a number). */
const unit = String.fromCharCode(31);
const record = String.fromCharCode(30);
const quartersPerInsert = 2_000;

const numOrNull = (text: string | undefined) => (text === undefined || text === '' ? null : Number(text));

/**
 * The stored quarters and the figures derived from them. Every figure goes through `fundamentalsOn`;
 * the columns it writes on `companies` are that function's answer for today at the last close.
 */
export function fundamentalsRepo(db: Db) {
  return {
    /** Stores quarters; a quarter restated by the source replaces the stored one. */
    async upsertQuarters(quarters: readonly UpstreamFiscalQuarter[], trx: Db = db) {
      let written = 0;
      for (let i = 0; i < quarters.length; i += quartersPerInsert) {
        const chunk = quarters.slice(i, i + quartersPerInsert);
        const column = <K extends keyof UpstreamFiscalQuarter>(key: K) => chunk.map((q) => q[key]);
        const result = await sql`
          insert into fiscal_quarters (symbol, period_end, fiscal_year, fiscal_quarter, reported_on, session,
            eps, eps_ttm, eps_estimate, revenue, net_income, book_value_per_share, current_ratio,
            shares_outstanding, dividend_per_share)
          select * from unnest(${column('symbol')}::text[], ${column('period_end')}::date[],
            ${column('fiscal_year')}::int[], ${column('fiscal_quarter')}::int[], ${column('reported_on')}::date[],
            ${column('session')}::text[], ${column('eps')}::numeric[], ${column('eps_ttm')}::numeric[],
            ${column('eps_estimate')}::numeric[], ${column('revenue')}::numeric[], ${column('net_income')}::numeric[],
            ${column('book_value_per_share')}::numeric[], ${column('current_ratio')}::numeric[],
            ${column('shares_outstanding')}::numeric[], ${column('dividend_per_share')}::numeric[])
          on conflict (symbol, period_end) do update set fiscal_year = excluded.fiscal_year,
            fiscal_quarter = excluded.fiscal_quarter, reported_on = excluded.reported_on,
            session = excluded.session, eps = excluded.eps, eps_ttm = excluded.eps_ttm,
            eps_estimate = excluded.eps_estimate, revenue = excluded.revenue, net_income = excluded.net_income,
            book_value_per_share = excluded.book_value_per_share, current_ratio = excluded.current_ratio,
            shares_outstanding = excluded.shares_outstanding, dividend_per_share = excluded.dividend_per_share
          where (fiscal_quarters.reported_on, fiscal_quarters.eps, fiscal_quarters.eps_ttm,
              fiscal_quarters.revenue, fiscal_quarters.book_value_per_share, fiscal_quarters.dividend_per_share)
            is distinct from (excluded.reported_on, excluded.eps, excluded.eps_ttm, excluded.revenue,
              excluded.book_value_per_share, excluded.dividend_per_share)`.execute(trx);
        written += Number(result.numAffectedRows ?? 0);
      }
      return written;
    },

    /** The newest report date stored: the next poll asks from it on (restated quarters come again). */
    async latestReportedOn(): Promise<string | null> {
      const row = await db
        .selectFrom('fiscal_quarters')
        .select((eb) => eb.fn.max('reported_on').as('latest'))
        .executeTakeFirst();
      return row?.latest ?? null;
    },

    /**
     * The quarters of the symbols asked (all when absent), ascending by report date, packed into one
     * string: on PGlite, tens of thousands of rows are far slower handed over one by one.
     */
    async quartersBySymbol(symbols?: readonly string[]): Promise<Map<string, ReportedQuarter[]>> {
      const only = symbols ? sql`where symbol = any(${[...symbols]}::text[])` : sql``;
      const result = await sql<{ packed: string | null }>`
        select string_agg(concat_ws(${unit}, symbol, period_end::text, reported_on::text, eps::text,
            coalesce(eps_ttm::text, ''), coalesce(revenue::text, ''), coalesce(net_income::text, ''),
            coalesce(book_value_per_share::text, ''), coalesce(current_ratio::text, ''),
            coalesce(shares_outstanding::text, ''), coalesce(dividend_per_share::text, '')),
          ${record} order by symbol, reported_on, period_end) as packed
        from fiscal_quarters ${only}`.execute(db);
      const bySymbol = new Map<string, ReportedQuarter[]>();
      const packed = result.rows[0]?.packed;
      if (!packed) return bySymbol;
      for (const line of packed.split(record)) {
        const [symbol, periodEnd, reportedOn, eps, ttm, revenue, netIncome, book, ratio, shares, dividend] =
          line.split(unit) as [string, string, string, string, ...(string | undefined)[]];
        let list = bySymbol.get(symbol);
        if (!list) bySymbol.set(symbol, (list = []));
        list.push({
          periodEnd,
          reportedOn,
          eps: Number(eps),
          epsTtm: numOrNull(ttm),
          revenue: numOrNull(revenue),
          netIncome: numOrNull(netIncome),
          bookValuePerShare: numOrNull(book),
          currentRatio: numOrNull(ratio),
          sharesOutstanding: numOrNull(shares),
          dividendPerShare: numOrNull(dividend),
        });
      }
      return bySymbol;
    },

    /**
     * Writes each company's figures of the market's newest closed day (the newest SPY bar by `today`,
     * New York) onto `companies`, for the screens and SQL filters that read a company's current P/E,
     * P/B, ROE and the rest: the day a scan without a date is as of, so both show the same figures on a
     * report day too. Companies without quarters keep none.
     */
    async refreshCompanyFigures(today = newYorkDate(new Date())) {
      const newest = await sql<{ day: string | null }>`
        select max(date)::text as day from daily_bars where symbol = 'SPY' and date <= ${today}::date`.execute(
        db,
      );
      const day = newest.rows[0]?.day ?? today;
      const [quarters, closes] = await Promise.all([
        this.quartersBySymbol(),
        sql<{ symbol: string; close: string | null }>`
          select c.symbol, b.close::text as close from companies c
          left join lateral (select close from daily_bars where symbol = c.symbol and date <= ${day}::date
            order by date desc limit 1) b on true
          where c.kind = 'stock'`.execute(db),
      ]);
      const rows = closes.rows.map((row) => ({
        symbol: row.symbol,
        figures: fundamentalsOn(
          quarters.get(row.symbol) ?? [],
          day,
          row.close === null ? null : Number(row.close),
        ),
      }));
      const column = (pick: (figures: FundamentalFigures) => number | null) =>
        rows.map((row) => (row.figures ? pick(row.figures) : null));
      await sql`
        update companies c set pe_ratio_12m = v.pe, pb_ratio = v.pb, peg_ratio = v.peg,
          dividend_yield = v.dividend_yield, forward_dividend = v.forward_dividend, eps = v.eps, roe = v.roe,
          current_ratio = v.current_ratio
        from unnest(${rows.map((row) => row.symbol)}::text[], ${column((f) => f.pe)}::numeric[],
          ${column((f) => f.pb)}::numeric[], ${column((f) => f.peg)}::numeric[],
          ${column((f) => f.dividendYield)}::numeric[], ${column((f) => f.forwardDividend)}::numeric[],
          ${column((f) => f.eps)}::numeric[], ${column((f) => f.roe)}::numeric[],
          ${column((f) => f.currentRatio)}::numeric[])
          as v(symbol, pe, pb, peg, dividend_yield, forward_dividend, eps, roe, current_ratio)
        where c.symbol = v.symbol and (c.pe_ratio_12m, c.pb_ratio, c.peg_ratio, c.dividend_yield,
            c.forward_dividend, c.eps, c.roe, c.current_ratio)
          is distinct from (v.pe, v.pb, v.peg, v.dividend_yield, v.forward_dividend, v.eps, v.roe, v.current_ratio)`.execute(
        db,
      );
    },
  };
}

export type FundamentalsRepo = ReturnType<typeof fundamentalsRepo>;
