import { sql, type Kysely } from 'kysely';

/**
 * The portfolio ("my file", spec 001 §3): one file per user, its fund entries (units dealt at a unit
 * price), its lots (positions, long or short; a partial close splits a lot, the closed part naming
 * its parent) and its planned future actions. Only facts are stored: every figure (cash, values,
 * unit price, P/L) is computed by the shared accounting when read. Money and prices are NUMERIC.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portfolios')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    /** The file's first day (the first deposit's date). */
    .addColumn('created', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('portfolio_funds')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('portfolio_id', 'integer', (c) => c.notNull().references('portfolios.id').onDelete('cascade'))
    .addColumn('date', 'date', (c) => c.notNull())
    /** Signed: positive issued by a deposit, negative redeemed by a withdrawal. */
    .addColumn('units', 'bigint', (c) => c.notNull().check(sql`units <> 0`))
    .addColumn('unit_price', 'numeric', (c) => c.notNull().check(sql`unit_price > 0`))
    /** Units x unit price, signed as the units. */
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('portfolio_funds_portfolio_idx')
    .on('portfolio_funds')
    .columns(['portfolio_id', 'date'])
    .execute();

  await db.schema
    .createTable('portfolio_positions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('portfolio_id', 'integer', (c) => c.notNull().references('portfolios.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('Long', 'Short')`))
    .addColumn('entry_date', 'date', (c) => c.notNull())
    .addColumn('entry_price', 'numeric', (c) => c.notNull().check(sql`entry_price > 0`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('close_date', 'date')
    .addColumn('close_price', 'numeric')
    /** The lot this closed part was split off by a partial close; it goes with its parent. */
    .addColumn('parent_id', 'integer', (c) => c.references('portfolio_positions.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'portfolio_positions_close_check',
      sql`(close_date is null) = (close_price is null) and (close_price is null or close_price > 0)`,
    )
    .execute();
  await db.schema
    .createIndex('portfolio_positions_portfolio_idx')
    .on('portfolio_positions')
    .columns(['portfolio_id', 'symbol'])
    .execute();

  await db.schema
    .createTable('portfolio_actions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('portfolio_id', 'integer', (c) => c.notNull().references('portfolios.id').onDelete('cascade'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('Buy', 'Sell')`))
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('portfolio_actions_portfolio_idx')
    .on('portfolio_actions')
    .columns(['portfolio_id', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('portfolio_actions').ifExists().execute();
  await db.schema.dropTable('portfolio_positions').ifExists().execute();
  await db.schema.dropTable('portfolio_funds').ifExists().execute();
  await db.schema.dropTable('portfolios').ifExists().execute();
}
