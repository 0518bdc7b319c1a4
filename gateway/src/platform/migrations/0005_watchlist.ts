import { sql, type Kysely } from 'kysely';

/**
 * Each user's watchlist (spec 001 §3): which symbols they follow, since when and at what price. The
 * figures of a watchlist item (prices, P/L, the sector ETF's move) are computed from the market facts
 * when it is read; only the entry is a fact of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('watchlist')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('followed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    /** The last price when followed; null when the symbol had none yet. */
    .addColumn('entry_price', 'numeric')
    .addPrimaryKeyConstraint('watchlist_pk', ['user_id', 'symbol'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('watchlist').ifExists().execute();
}
