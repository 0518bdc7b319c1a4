import { sql, type Kysely } from 'kysely';

/** Ingested market data: companies, bars, quotes, analysts, ratings, earnings, news; universes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('symbol', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('stock', 'etf')`))
    .addColumn('sector', 'text')
    .addColumn('industry', 'text')
    .addColumn('exchange', 'text', (c) => c.notNull())
    .addColumn('market_cap', 'numeric')
    .addColumn('shares_outstanding', 'numeric')
    .addColumn('beta', 'numeric')
    .addColumn('pe_ratio_12m', 'numeric')
    .addColumn('pb_ratio', 'numeric')
    .addColumn('peg_ratio', 'numeric')
    .addColumn('dividend_yield', 'numeric')
    .addColumn('forward_dividend', 'numeric')
    .addColumn('eps', 'numeric')
    .addColumn('roe', 'numeric')
    .addColumn('current_ratio', 'numeric')
    .addColumn('avg_vol_20d', 'numeric')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('indexes', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('companies_sector_idx').on('companies').column('sector').execute();

  await db.schema
    .createTable('daily_bars')
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('open', 'numeric', (c) => c.notNull())
    .addColumn('high', 'numeric', (c) => c.notNull())
    .addColumn('low', 'numeric', (c) => c.notNull())
    .addColumn('close', 'numeric', (c) => c.notNull())
    .addColumn('volume', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_bars_pk', ['symbol', 'date'])
    .execute();

  await db.schema
    .createTable('quotes')
    .addColumn('symbol', 'text', (c) => c.primaryKey())
    .addColumn('last_price', 'numeric', (c) => c.notNull())
    .addColumn('daily_change', 'numeric', (c) => c.notNull())
    .addColumn('daily_change_value', 'numeric', (c) => c.notNull())
    .addColumn('previous_close', 'numeric', (c) => c.notNull())
    .addColumn('volume', 'bigint', (c) => c.notNull())
    .addColumn('bid', 'numeric', (c) => c.notNull())
    .addColumn('day_low', 'numeric', (c) => c.notNull())
    .addColumn('day_high', 'numeric', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('analysts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('firm', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ratings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('analyst_id', 'text', (c) => c.notNull())
    .addColumn('analyst', 'text', (c) => c.notNull())
    .addColumn('firm', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('rating', 'text', (c) => c.notNull().check(sql`rating in ('buy', 'sell')`))
    .addColumn('price_target', 'numeric', (c) => c.notNull())
    .addColumn('price_when_posted', 'numeric', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ingested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('ratings_symbol_idx')
    .on('ratings')
    .columns(['symbol', 'published_at'])
    .execute();
  await db.schema
    .createIndex('ratings_analyst_idx')
    .on('ratings')
    .columns(['analyst_id', 'published_at'])
    .execute();
  await db.schema.createIndex('ratings_published_idx').on('ratings').column('published_at').execute();

  await db.schema
    .createTable('earnings')
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('session', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('earnings_pk', ['symbol', 'date'])
    .execute();
  await db.schema.createIndex('earnings_date_idx').on('earnings').column('date').execute();

  await db.schema
    .createTable('news')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('updated', 'timestamptz', (c) => c.notNull())
    .addColumn('tickers', sql`text[]`, (c) => c.notNull())
    .addColumn('channels', sql`text[]`, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_updated_idx').on('news').column('updated').execute();

  /** Cursors and last-success times of the ingestion, by feed. */
  await db.schema
    .createTable('ingest_state')
    .addColumn('feed', 'text', (c) => c.primaryKey())
    .addColumn('cursor', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('universes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('system', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('owner_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('universe_symbols')
    .addColumn('universe_id', 'integer', (c) => c.notNull().references('universes.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('universe_symbols_pk', ['universe_id', 'symbol'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'universe_symbols',
    'universes',
    'ingest_state',
    'news',
    'earnings',
    'ratings',
    'analysts',
    'quotes',
    'daily_bars',
    'companies',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
