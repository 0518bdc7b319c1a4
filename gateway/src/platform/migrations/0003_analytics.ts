import { sql, type Kysely } from 'kysely';

/**
 * What the analytics derive from the ratings and bars: each analyst's record per sector, the analyst
 * team of each sector, and the facts the last computation saw. All of it is recomputed from the facts,
 * never edited by hand (gateway/src/analysts/service.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analyst_sector_stats')
    .addColumn('analyst_id', 'text', (c) => c.notNull())
    .addColumn('sector', 'text', (c) => c.notNull())
    .addColumn('ratings', 'integer', (c) => c.notNull())
    .addColumn('decided', 'integer', (c) => c.notNull())
    .addColumn('successes', 'integer', (c) => c.notNull())
    .addColumn('reached', 'integer', (c) => c.notNull())
    .addColumn('outperformed', 'integer', (c) => c.notNull())
    /** successes / decided, 0 to 1; null while nothing is decided. */
    .addColumn('success_rate', 'numeric', (c) => c.check(sql`success_rate between 0 and 1`))
    .addColumn('grade', 'integer', (c) => c.check(sql`grade between 1 and 7`))
    /** When these figures last changed. */
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('analyst_sector_stats_pk', ['analyst_id', 'sector'])
    .addCheckConstraint(
      'analyst_sector_stats_counts',
      sql`0 <= successes and successes <= decided and decided <= ratings and reached <= successes and outperformed <= successes`,
    )
    .execute();
  await db.schema
    .createIndex('analyst_sector_stats_sector_idx')
    .on('analyst_sector_stats')
    .column('sector')
    .execute();

  await db.schema
    .createTable('analyst_teams')
    .addColumn('sector', 'text', (c) => c.notNull())
    .addColumn('analyst_id', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull().check(sql`rank >= 1`))
    /** Over the team's look-back, 0 to 1 (shared/src/analysts/team.ts). */
    .addColumn('success_rate', 'numeric', (c) => c.notNull().check(sql`success_rate between 0 and 1`))
    .addColumn('grade', 'integer', (c) => c.notNull().check(sql`grade between 1 and 7`))
    /** The team creation date (the spec's team_update): kept while the team has the same members. */
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('analyst_teams_pk', ['sector', 'analyst_id'])
    .addUniqueConstraint('analyst_teams_rank', ['sector', 'rank'])
    .execute();

  /** One row: the facts the stored figures were computed from, so any node knows when to recompute. */
  await db.schema
    .createTable('analytics_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('facts', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'timestamptz', (c) => c.notNull())
    /** How long loading and judging the facts took, in ms. */
    .addColumn('ms', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['analytics_state', 'analyst_teams', 'analyst_sector_stats']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
