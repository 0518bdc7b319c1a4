import { sql, type Kysely } from 'kysely';

/**
 * Alerts per investment profile (spec 000 §3), stored as facts: which rule fired, for which symbol and
 * rating, when. What changes (prices, grades) is joined in when an alert is read. Dismissals are per user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull().check(sql`type in (1004, 1014, 1015, 1016, 1017)`))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('rating_id', 'text')
    .addColumn('earning_date', 'date')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    /** One alert per rule and fact: ingesting or evaluating twice adds nothing. */
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addUniqueConstraint('alerts_dedupe', ['profile_id', 'dedupe_key'])
    .execute();
  await db.schema.createIndex('alerts_profile_at_idx').on('alerts').columns(['profile_id', 'at']).execute();

  await db.schema
    .createTable('alert_dismissals')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('dismiss', 'execute')`))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('alert_dismissals_pk', ['user_id', 'alert_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_dismissals').ifExists().execute();
  await db.schema.dropTable('alerts').ifExists().execute();
}
