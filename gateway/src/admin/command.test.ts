import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../accounts/passwords';
import { openDatabase } from '../platform/db';
import { adminCreateCommand, operatorsAccount } from './command';

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'insight-admin-create-'));
});
afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

/** The command as an operator runs it: the answers are what they type at each prompt. */
async function run(argv: string[], typed: string[]) {
  const lines: string[] = [];
  const prompts: string[] = [];
  const answers = [...typed];
  const code = await adminCreateCommand(
    argv,
    { DATA_DIR: dataDir, NODE_ENV: 'test', INGEST: '0' },
    process.cwd(),
    async (prompt) => {
      prompts.push(prompt);
      return answers.shift() ?? '';
    },
    (line) => lines.push(line),
  );
  return { code, lines, prompts };
}

async function userRow(email: string) {
  const { db, release } = await openDatabase({ dataDir });
  try {
    return await db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select(['users.id', 'users.is_admin', 'users.password_hash', 'accounts.name as account'])
      .where('email', '=', email)
      .executeTakeFirst();
  } finally {
    await db.destroy();
    await release();
  }
}

describe('npm run admin:create', () => {
  it('refuses a password on the command line', async () => {
    const result = await run(['--email', 'ops@example.test', '--password', 'Secret1a'], []);
    expect(result.code).toBe(2);
    expect(result.lines.join('\n')).toContain('never pass it as an argument');
  });

  it('refuses a weak password and a repeat that differs, creating nobody', async () => {
    expect((await run(['--email', 'ops@example.test'], ['weak'])).lines).toContain(
      `admin:create: ${messages.password.rule}`,
    );
    expect((await run(['--email', 'ops@example.test'], ['Secret1a', 'Secret1b'])).lines).toContain(
      `admin:create: ${messages.password.mismatch}`,
    );
    expect(await userRow('ops@example.test')).toBeUndefined();
  }, 60_000);

  it('creates a system admin with the password typed twice', async () => {
    const result = await run(
      ['--email', 'Ops@Example.test', '--first-name', 'Olga'],
      ['Secret1a', 'Secret1a'],
    );
    expect(result.code).toBe(0);
    expect(result.prompts).toEqual([
      'Password for the new admin ops@example.test: ',
      'Repeat the password: ',
    ]);
    const row = await userRow('ops@example.test');
    expect(row).toMatchObject({ is_admin: true, account: operatorsAccount });
    expect(await verifyPassword(row!.password_hash, 'Secret1a')).toBe(true);
  }, 60_000);

  it('promotes an existing user, keeping the password when none is typed', async () => {
    const { db, release } = await openDatabase({ dataDir });
    try {
      const account = await db
        .insertInto('accounts')
        .values({ name: 'Acme' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('users')
        .values({
          account_id: account.id,
          email: 'lead@example.test',
          password_hash: 'kept',
          account_type: 'user',
          nickname: null,
          first_name: null,
          last_name: null,
          current_profile_id: null,
          app_id: null,
          app_flavor: null,
          last_activity_at: null,
        })
        .execute();
    } finally {
      await db.destroy();
      await release();
    }
    const result = await run(['--email', 'lead@example.test'], ['']);
    expect(result.code).toBe(0);
    expect(result.lines[0]).toContain('is now a system admin');
    expect(await userRow('lead@example.test')).toMatchObject({
      is_admin: true,
      password_hash: 'kept',
      account: 'Acme',
    });
  }, 60_000);
});
