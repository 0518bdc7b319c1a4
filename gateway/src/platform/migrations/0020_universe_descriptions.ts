import { sql, type Kysely } from 'kysely';

/**
 * Universes that say what they are, and index memberships with their days (issue 26):
 * - a built-in universe carries a description: the whole index, or a sample of it;
 * - a company keeps its index memberships with the days it entered and left each, so that the
 *   universes record their changes at the real day and a past day's members can be read back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('universes').addColumn('description', 'text').execute();
  await db.schema
    .alterTable('companies')
    .addColumn('index_history', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('index_history').execute();
  await db.schema.alterTable('universes').dropColumn('description').execute();
}
