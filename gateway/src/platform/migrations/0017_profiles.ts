import { sql, type Kysely } from 'kysely';

/**
 * Investment profiles (issue 19; spec 000 §3 Sector in a profile, Screener): a profile's sectors with
 * their screeners, the analyst team and passing stocks each sector's last rebuild chose (what the
 * profile's alerts follow), and the profile's rebuild state (one rebuild per profile at a time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('portfolio_size', 'double precision')
    .addColumn('team_update_period', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('profile_sectors')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('sector_ref_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size', 'double precision', (c) => c.notNull())
    .addColumn('vts_percentage', 'double precision')
    .addColumn('svts_percentage', 'double precision')
    .addColumn('val', 'double precision')
    .addColumn('stoploss', 'double precision', (c) => c.notNull())
    .addColumn('target_percentage', 'double precision')
    .addColumn('ratings_to_copy', 'double precision')
    .addColumn('up_down_ratio', 'double precision', (c) => c.notNull())
    .addColumn('sp_500_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('logic', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('strategies', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('target_amount', 'double precision', (c) => c.notNull())
    .addColumn('svg', 'text')
    .addColumn('portfolio_size', 'double precision')
    .addColumn('team', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('team_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('passing', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('team_built_at', 'timestamptz')
    .addUniqueConstraint('profile_sectors_profile_sector_key', ['profile_id', 'sector_ref_id'])
    .execute();

  await db.schema
    .createTable('profile_screeners')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('sector_id', 'integer', (c) =>
      c.notNull().references('profile_sectors.id').onDelete('cascade'),
    )
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('min_val', 'double precision')
    .addColumn('max_val', 'double precision')
    .addColumn('selector', 'text')
    .addColumn('multi_selector', 'jsonb')
    .addColumn('pos_type', 'text')
    .execute();
  await db.schema
    .createIndex('profile_screeners_sector_idx')
    .on('profile_screeners')
    .column('sector_id')
    .execute();

  await db.schema
    .createTable('profile_rebuilds')
    .addColumn('profile_id', 'integer', (c) => c.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('again', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('requested_by', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('profile_rebuilds').execute();
  await db.schema.dropTable('profile_screeners').execute();
  await db.schema.dropTable('profile_sectors').execute();
  await db.schema
    .alterTable('profiles')
    .dropColumn('team_update_period')
    .dropColumn('portfolio_size')
    .execute();
}
