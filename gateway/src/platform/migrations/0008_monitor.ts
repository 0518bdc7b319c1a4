import { sql, type Kysely } from 'kysely';

/**
 * The portfolio monitor (spec 001 §3 "Monitor settings entry", "Preferences", "Notification"): each
 * file's settings and preferences (absent until its owner saves them: the spec's defaults apply), and
 * the notifications its rules found. A notification is stored once per (portfolio, position, rule,
 * day): a repeat cannot be stored, whichever node evaluates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portfolio_monitor_settings')
    .addColumn('portfolio_id', 'integer', (c) =>
      c.primaryKey().references('portfolios.id').onDelete('cascade'),
    )
    /** The settings entries saved, as [{type, value, checked, selectedOption}]. */
    .addColumn('notification_settings', 'jsonb', (c) => c.notNull())
    .addColumn('preferences', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('portfolio_notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('portfolio_id', 'integer', (c) => c.notNull().references('portfolios.id').onDelete('cascade'))
    /** Kept when the position is deleted: the history stays. */
    .addColumn('position_id', 'integer', (c) => c.references('portfolio_positions.id').onDelete('set null'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    /** The monitor type that fired. */
    .addColumn('rating', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('factor', 'numeric')
    /** Seen in the popover. */
    .addColumn('pop', 'boolean', (c) => c.notNull().defaultTo(false))
    /** The market day the hit belongs to (today, or its fact's day: the earnings date, the rating's day…). */
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('portfolio_notifications_once', ['portfolio_id', 'position_id', 'rating', 'day'])
    .execute();
  await db.schema
    .createIndex('portfolio_notifications_recent_idx')
    .on('portfolio_notifications')
    .columns(['portfolio_id', 'created_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('portfolio_notifications').ifExists().execute();
  await db.schema.dropTable('portfolio_monitor_settings').ifExists().execute();
}
