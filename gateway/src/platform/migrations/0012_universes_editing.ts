import { sql, type Kysely } from 'kysely';

/**
 * Universes users edit (spec 002 §2.5, §6) and their symbols' history:
 * - a universe that is not a system one belongs to an account (its users see it; its client admins
 *   edit it), so names are unique among the system universes and within an account, not across accounts;
 * - every symbol that enters or leaves a universe is recorded with when, so the admins' "Universe
 *   symbols history" can tell. The symbols held now are recorded as entered at the universe's date.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('universes')
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
    .execute();
  await sql`
    update universes set account_id = users.account_id
    from users where users.id = universes.owner_user_id and not universes.system`.execute(db);
  await sql`alter table universes drop constraint if exists universes_name_key`.execute(db);
  await sql`create unique index universes_system_name_key on universes (name) where system`.execute(db);
  await sql`
    create unique index universes_account_name_key on universes (account_id, lower(name)) where not system`.execute(
    db,
  );

  await db.schema
    .createTable('universe_symbol_changes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('universe_id', 'integer', (c) => c.notNull().references('universes.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull().check(sql`change in ('entered', 'left')`))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('universe_symbol_changes_at_idx')
    .on('universe_symbol_changes')
    .columns(['universe_id', 'at'])
    .execute();
  await sql`
    insert into universe_symbol_changes (universe_id, symbol, change, at)
    select us.universe_id, us.symbol, 'entered', u.updated_at
    from universe_symbols us join universes u on u.id = us.universe_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('universe_symbol_changes').ifExists().execute();
  await sql`drop index if exists universes_account_name_key`.execute(db);
  await sql`drop index if exists universes_system_name_key`.execute(db);
  await sql`alter table universes add constraint universes_name_key unique (name)`.execute(db);
  await db.schema.alterTable('universes').dropColumn('account_id').execute();
}
