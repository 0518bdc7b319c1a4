import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Throttling that cannot lock people out (issue 14 §2): the key that signs device cookies (a browser
 * that signed in to an account before is never blocked by that account's count), made once per
 * database so every node checks the same signatures; and an index for the count of one account from
 * one address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into server_secrets (name, value) values ('device_cookie', ${randomBytes(32).toString('base64url')})`.execute(
    db,
  );
  await db.schema
    .createIndex('login_attempts_account_address_idx')
    .on('login_attempts')
    .columns(['account_key', 'address', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('login_attempts_account_address_idx').ifExists().execute();
  await db.schema.dropTable('server_secrets').ifExists().execute();
}
