import { sql, type Kysely } from 'kysely';

/** Accounts, users, investment profiles, sessions, tokens and the sign-in failures log. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('valid_to', 'date')
    .addColumn('trail', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('trial_days', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('account_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('user')
        .check(sql`account_type in ('user', 'profile')`),
    )
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('client_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('current_profile_id', 'integer')
    .addColumn('alert_filters', 'jsonb')
    .addColumn('app_id', 'text', (c) => c.unique())
    .addColumn('app_flavor', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_activity_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('owner_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('users')
    .addForeignKeyConstraint('users_current_profile_fk', ['current_profile_id'], 'profiles', ['id'])
    .onDelete('set null')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remember', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('address', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('remember', 'reset')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('session_id', 'integer', (c) => c.references('sessions.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('tokens_user_kind_idx').on('tokens').columns(['user_id', 'kind']).execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // A success clears the account's failures but not the address's: both counts read this table.
    .addColumn('cleared', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('login_attempts_at_idx').on('login_attempts').column('at').execute();
  await db.schema
    .createIndex('login_attempts_account_idx')
    .on('login_attempts')
    .columns(['account_key', 'at'])
    .execute();
  await db.schema
    .createIndex('login_attempts_address_idx')
    .on('login_attempts')
    .columns(['address', 'at'])
    .execute();

  // Every account sees the Default investment profile (spec 000 §4).
  await sql`insert into profiles (name) values ('Default')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['login_attempts', 'tokens', 'sessions', 'users', 'profiles', 'accounts']) {
    await db.schema.dropTable(table).ifExists().cascade().execute();
  }
}
