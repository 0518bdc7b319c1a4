import { sql, type Kysely } from 'kysely';

/**
 * Fundamentals as dated facts (issue 26 §1): one row per company and fiscal quarter, with the day
 * the market learned it. The ratios on `companies` stay as the figures of the last close, written
 * from these rows by the one function that derives them (`shared/src/market/fundamentals.ts`), so
 * SQL filters can read them; any other day is derived from the rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fiscal_quarters')
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('period_end', 'date', (c) => c.notNull())
    .addColumn('fiscal_year', 'integer', (c) => c.notNull())
    .addColumn('fiscal_quarter', 'integer', (c) => c.notNull().check(sql`fiscal_quarter between 1 and 4`))
    .addColumn('reported_on', 'date', (c) => c.notNull())
    .addColumn('session', 'text', (c) => c.notNull().check(sql`session in ('bmo', 'amc')`))
    .addColumn('eps', 'numeric', (c) => c.notNull())
    .addColumn('eps_ttm', 'numeric')
    .addColumn('eps_estimate', 'numeric')
    .addColumn('revenue', 'numeric')
    .addColumn('net_income', 'numeric')
    .addColumn('book_value_per_share', 'numeric')
    .addColumn('current_ratio', 'numeric')
    .addColumn('shares_outstanding', 'numeric')
    .addColumn('dividend_per_share', 'numeric')
    .addPrimaryKeyConstraint('fiscal_quarters_pk', ['symbol', 'period_end'])
    .execute();
  await db.schema
    .createIndex('fiscal_quarters_reported_idx')
    .on('fiscal_quarters')
    .column('reported_on')
    .execute();
}
