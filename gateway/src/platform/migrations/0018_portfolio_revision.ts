import { sql, type Kysely } from 'kysely';

/**
 * A file's revision (issue 14 §5, a file's reads at 500 lots): every change of its lots or fund
 * entries moves it, whoever writes them (the services, a script, another node), so a node may keep
 * the rows it read while the revision it read them at still holds. Kept by triggers in the database,
 * not by each write path, so none can forget it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('portfolios')
    .addColumn('revision', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    create function portfolio_revision_bump() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        update portfolios set revision = revision + 1 where id = old.portfolio_id;
        return old;
      end if;
      update portfolios set revision = revision + 1 where id = new.portfolio_id;
      if tg_op = 'UPDATE' and old.portfolio_id <> new.portfolio_id then
        update portfolios set revision = revision + 1 where id = old.portfolio_id;
      end if;
      return new;
    end $$`.execute(db);
  for (const table of ['portfolio_positions', 'portfolio_funds']) {
    await sql`
      create trigger ${sql.raw(`${table}_revision`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function portfolio_revision_bump()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['portfolio_positions', 'portfolio_funds'])
    await sql`drop trigger if exists ${sql.raw(`${table}_revision`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists portfolio_revision_bump()`.execute(db);
  await db.schema.alterTable('portfolios').dropColumn('revision').execute();
}
