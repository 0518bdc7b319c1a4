import { sql, type Kysely } from 'kysely';

/**
 * The mobile apps (spec 002 §2.8, §7.4): the app flavours, the portfolios an admin prepares for each
 * (with their symbols and entry prices), and the broadcasts to every user of an app with an outbox
 * row per user, marked delivered once the message reached one of their sockets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('apps')
    .addColumn('flavor', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    insert into apps (flavor, name) values
      ('insight', 'Insight'),
      ('insight-ios', 'Insight for iPhone'),
      ('insight-android', 'Insight for Android')`.execute(db);
  // Users linked to a flavour before this table existed keep it: the flavour becomes an app.
  await sql`
    insert into apps (flavor, name)
    select distinct app_flavor, app_flavor from users where app_flavor is not null
    on conflict (flavor) do nothing`.execute(db);
  await db.schema
    .alterTable('users')
    .addForeignKeyConstraint('users_app_flavor_fk', ['app_flavor'], 'apps', ['flavor'])
    .onUpdate('cascade')
    .onDelete('set null')
    .execute();

  await db.schema
    .createTable('app_portfolios')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('app_flavor', 'text', (c) => c.notNull().references('apps.flavor').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    /** The first day of the portfolio's month. */
    .addColumn('month', 'date', (c) => c.notNull())
    .addColumn('end_month', 'date')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('app_portfolios_title_month_key', ['app_flavor', 'title', 'month'])
    .addCheckConstraint('app_portfolios_end_after_start', sql`end_month is null or end_month >= month`)
    .execute();

  await db.schema
    .createTable('app_portfolio_symbols')
    .addColumn('portfolio_id', 'integer', (c) =>
      c.notNull().references('app_portfolios.id').onDelete('cascade'),
    )
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('entry', 'numeric', (c) => c.notNull())
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('app_portfolio_symbols_pk', ['portfolio_id', 'symbol'])
    .execute();

  await db.schema
    .createTable('app_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('app_flavor', 'text', (c) => c.notNull().references('apps.flavor').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('app_message_outbox')
    .addColumn('message_id', 'integer', (c) => c.notNull().references('app_messages.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delivered_at', 'timestamptz')
    .addPrimaryKeyConstraint('app_message_outbox_pk', ['message_id', 'user_id'])
    .execute();
  await sql`create index app_message_outbox_pending_idx on app_message_outbox (user_id)
    where delivered_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_message_outbox').ifExists().execute();
  await db.schema.dropTable('app_messages').ifExists().execute();
  await db.schema.dropTable('app_portfolio_symbols').ifExists().execute();
  await db.schema.dropTable('app_portfolios').ifExists().execute();
  await db.schema.alterTable('users').dropConstraint('users_app_flavor_fk').ifExists().execute();
  await db.schema.dropTable('apps').ifExists().execute();
}
