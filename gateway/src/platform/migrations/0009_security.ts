import { sql, type Kysely } from 'kysely';

/**
 * Issue 14. Remember-me tokens carry their family (the chain of tokens issued one for another since
 * a password sign-in), so a token presented twice ends every session of its family. Writes that
 * create things remember their answer under the caller's Idempotency-Key for a day, so a retry
 * answers the first answer instead of acting twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tokens').addColumn('family', 'text').execute();
  await db.schema.createIndex('tokens_family_idx').on('tokens').column('family').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    /** The route it was used on (method and path pattern) and a hash of the request's body. */
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    /** Null while the first request is under way. */
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expires_idx')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropIndex('tokens_family_idx').execute();
  await db.schema.alterTable('tokens').dropColumn('family').execute();
}
