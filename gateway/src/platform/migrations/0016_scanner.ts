import { sql, type Kysely } from 'kysely';

/**
 * The opportunity scanner's settings (spec 002 §3 Scanner setting, §7.5): one row per saved setting
 * of a user, its filters as JSON (validated by shared `scanFiltersSchema` on the way in and out).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_settings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('filters', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('report_settings_user_idx').on('report_settings').column('user_id').execute();

  // The scan's compact copy of the settled daily bars: a row per symbol with its bars up to `upto` as
  // comma-separated text (a cache of daily_bars, whose rows never change once written). Reading 570
  // rows is far quicker than 700,000 bars on PGlite; bars after `upto` are read from daily_bars.
  await db.schema
    .createTable('scan_series')
    .addColumn('symbol', 'text', (c) => c.primaryKey())
    .addColumn('upto', 'date', (c) => c.notNull())
    .addColumn('dates', 'text', (c) => c.notNull())
    .addColumn('closes', 'text', (c) => c.notNull())
    .addColumn('volumes', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scan_series').execute();
  await db.schema.dropTable('report_settings').execute();
}
