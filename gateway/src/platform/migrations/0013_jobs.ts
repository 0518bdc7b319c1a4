import { sql, type Kysely } from 'kysely';

/**
 * Durable jobs (issue 18 item 1) beside pg-boss's own schema (`pgboss`, created by pg-boss itself):
 * what the owner sees of each job, and which node runs it (`run_token`, refreshed `heartbeat_at`).
 * Also the admins' earnings date overrides (issue 16 item 4): one per symbol, until the date passes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('queued', 'running', 'done', 'failed', 'cancelled')`),
    )
    .addColumn('progress', 'jsonb')
    .addColumn('error', 'text')
    .addColumn('file_path', 'text')
    .addColumn('file_name', 'text')
    .addColumn('file_type', 'text')
    .addColumn('result', 'jsonb')
    /** The pg-boss job that delivers this one now (a new one after a take-over or a per-user wait). */
    .addColumn('boss_id', 'uuid', (c) => c.notNull())
    /** Set by the run that holds the job; a run that lost it (taken over, cancelled) cannot finish it. */
    .addColumn('run_token', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('heartbeat_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('jobs_owner_idx').on('jobs').columns(['owner_id', 'created_at desc']).execute();
  await db.schema.createIndex('jobs_state_idx').on('jobs').columns(['state']).execute();

  await db.schema
    .createTable('earnings_overrides')
    .addColumn('symbol', 'text', (c) => c.primaryKey())
    .addColumn('earning_date', 'date', (c) => c.notNull())
    /** The market day it was set: upstream dates from then until earning_date are hidden. */
    .addColumn('from_date', 'date', (c) => c.notNull())
    .addColumn('set_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('earnings_overrides').ifExists().execute();
  await db.schema.dropTable('jobs').ifExists().execute();
}
