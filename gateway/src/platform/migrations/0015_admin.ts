import { sql, type Kysely } from 'kysely';

/**
 * Administration (issue 20): an account's master and linked investment profiles and API key, the
 * analysts' global names, the audit log of admin changes, and the support requests.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('master_profile_id', 'integer', (c) => c.references('profiles.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('api_key', 'text', (c) => c.unique())
    .execute();

  await db.schema
    .createTable('account_linked_profiles')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('account_linked_profiles_pk', ['account_id', 'profile_id'])
    .execute();

  await db.schema.alterTable('analysts').addColumn('global_name', 'text').execute();
  await db.schema.alterTable('analysts').addColumn('nick_name', 'text').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    /** Who made the change; kept as text too, so the log survives the actor's deletion. */
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_email', 'text')
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'at']).execute();

  await db.schema
    .createTable('support_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('handled_at', 'timestamptz')
    .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('support_requests_email_idx')
    .on('support_requests')
    .columns(['email', 'created_at'])
    .execute();
  await db.schema
    .createIndex('support_requests_address_idx')
    .on('support_requests')
    .columns(['address', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_requests').ifExists().execute();
  await db.schema.dropTable('audit_log').ifExists().execute();
  await db.schema.dropTable('account_linked_profiles').ifExists().execute();
  await db.schema.alterTable('analysts').dropColumn('nick_name').execute();
  await db.schema.alterTable('analysts').dropColumn('global_name').execute();
  await db.schema.alterTable('accounts').dropColumn('api_key').execute();
  await db.schema.alterTable('accounts').dropColumn('master_profile_id').execute();
}
