import path from 'node:path';
import { parseArgs } from 'node:util';
import { isStrongPassword, isValidEmail, limits, messages } from '@insight/shared';
import type { Kysely } from 'kysely';
import { hashPassword } from '../accounts/passwords';
import { recordAudit } from '../audit/record';
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase, type Db } from '../platform/db';
import { newSecret } from '../platform/tokens';

/** The account system admins made by the command belong to. */
export const operatorsAccount = 'Insight operators';

const usage =
  'usage: npm run admin:create -- --email <address> [--first-name <name>] [--last-name <name>]\n' +
  'The password is asked on the terminal (or read from standard input when it is not a terminal); never pass it as an argument.';

/**
 * Creates a system admin, or promotes an existing user to one (keeping their password unless a new
 * one is typed). One transaction, recorded in the audit log as a system action.
 */
export async function createOrPromoteAdmin(
  db: Db,
  input: { email: string; password: string; first_name: string | null; last_name: string | null },
): Promise<{ id: number; created: boolean }> {
  const passwordHash = input.password === '' ? null : await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .selectAll()
      .where('email', '=', input.email)
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('users')
        .set({
          is_admin: true,
          account_type: 'user',
          ...(passwordHash ? { password_hash: passwordHash } : {}),
        })
        .where('id', '=', existing.id)
        .execute();
      await recordAudit(trx, {
        actorId: null,
        entity: 'user',
        entityId: existing.id,
        action: 'promote',
        before: { email: existing.email, is_admin: existing.is_admin, account_type: existing.account_type },
        after: {
          email: existing.email,
          is_admin: true,
          account_type: 'user',
          password: passwordHash !== null,
        },
      });
      return { id: existing.id, created: false };
    }
    if (!passwordHash) throw new Error('a new admin needs a password');
    let account = await trx
      .selectFrom('accounts')
      .select('id')
      .where('name', '=', operatorsAccount)
      .executeTakeFirst();
    account ??= await trx
      .insertInto('accounts')
      .values({ name: operatorsAccount, valid_to: null, trail: false, api_key: newSecret() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({
        account_id: account.id,
        email: input.email,
        password_hash: passwordHash,
        first_name: input.first_name,
        last_name: input.last_name,
        nickname: null,
        account_type: 'user',
        is_admin: true,
        current_profile_id: null,
        app_id: null,
        app_flavor: null,
        last_activity_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorId: null,
      entity: 'user',
      entityId: user.id,
      action: 'create',
      before: null,
      after: { email: input.email, is_admin: true, account: operatorsAccount },
    });
    return { id: user.id, created: true };
  });
}

/** How the command reads a secret: from the terminal without echo, or a line of standard input. */
export type SecretReader = (prompt: string) => Promise<string>;

/** `npm run admin:create -- --email ...`. Returns the exit code. */
export async function adminCreateCommand(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  cwd: string,
  readSecret: SecretReader,
  out: (line: string) => void = console.log,
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    out(`admin:create: ${error instanceof Error ? error.message : String(error)}`);
    out(usage);
    return 2;
  }
  if (values.help) {
    out(usage);
    return 0;
  }
  const email = values.email?.trim().toLowerCase() ?? '';
  if (!isValidEmail(email)) {
    out(`admin:create: ${messages.login.invalidEmail} (--email)`);
    out(usage);
    return 2;
  }

  const dataDir =
    env.DATA_DIR && !path.isAbsolute(env.DATA_DIR) ? path.resolve(cwd, env.DATA_DIR) : env.DATA_DIR;
  const config = loadConfig({ ...env, DATA_DIR: dataDir ?? path.resolve(cwd, 'data') });
  const { db, kind, release } = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  try {
    await migrateToLatest(db as Kysely<unknown>);
    const exists = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    const prompt = exists
      ? `Password for ${email} (leave empty to keep the current one): `
      : `Password for the new admin ${email}: `;
    const password = await readSecret(prompt);
    if (password !== '' || !exists) {
      if (password.length > limits.passwordMax || !isStrongPassword(password)) {
        out(
          `admin:create: ${password.length > limits.passwordMax ? messages.password.tooLong : messages.password.rule}`,
        );
        return 1;
      }
      const repeat = await readSecret('Repeat the password: ');
      if (repeat !== password) {
        out(`admin:create: ${messages.password.mismatch}`);
        return 1;
      }
    }
    const result = await createOrPromoteAdmin(db, {
      email,
      password,
      first_name: values['first-name']?.trim() || null,
      last_name: values['last-name']?.trim() || null,
    });
    const where = kind === 'postgres' ? 'PostgreSQL' : `PGlite under ${config.dataDir}`;
    out(
      result.created
        ? `System admin ${email} created (user ${result.id}), in ${where}. Sign in at ${config.publicUrl}/login.`
        : `${email} (user ${result.id}) is now a system admin, in ${where}.`,
    );
    return 0;
  } catch (error) {
    out(`admin:create: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db.destroy();
    await release();
  }
}
