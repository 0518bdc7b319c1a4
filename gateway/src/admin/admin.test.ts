import fs from 'node:fs/promises';
import path from 'node:path';
import {
  accountApi,
  adminApi,
  adminMessages,
  messages,
  subscriptionBanner,
  supportApi,
} from '@insight/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, loginBody, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';

let t: TestApp;
let admin: HttpClient;
let adminId: number;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://insight.example' });
  const user = await createUser(t.app, { is_admin: true, first_name: 'Ada' });
  adminId = user.id;
  admin = new HttpClient(t.baseUrl);
  await signIn(admin, user);
});
afterAll(async () => t.close());

const client = () => new HttpClient(t.baseUrl);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function mailsTo(email: string): Promise<string[]> {
  const outbox = path.join(t.dataDir, 'outbox');
  const files = (await fs.readdir(outbox).catch(() => [] as string[])).sort();
  const mails = await Promise.all(files.map((file) => fs.readFile(path.join(outbox, file), 'utf8')));
  return mails.map((mail) => mail.replace(/=\r?\n/g, '')).filter((mail) => mail.includes(`To: ${email}`));
}

function linkCode(mail: string): string {
  const match = /https:\/\/insight\.example\/reset-pass\/([\w-]+)/.exec(mail);
  if (!match) throw new Error('no link in the mail');
  return match[1]!;
}

async function profile(name: string, ownerEmail?: string) {
  const owner = ownerEmail ? await createUser(t.app, { email: ownerEmail }) : null;
  const row = await t.app.db
    .insertInto('profiles')
    .values({ name, owner_user_id: owner?.id ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function saveAccount(account: Record<string, unknown>) {
  const response = await admin.post(adminApi.updateAccount, { account });
  expect(response.status, response.text).toBe(200);
  return response.body.id as number;
}

const newUser = (accountId: number, overrides: Record<string, unknown> = {}) => ({
  user: {
    email: `member-${Math.random().toString(36).slice(2, 8)}@example.test`,
    first_name: 'Mia',
    last_name: 'Member',
    nick_name: null,
    account: accountId,
    password: 'Member1',
    repeatPassword: 'Member1',
    client_admin: false,
    ...overrides,
  },
});

/** Every manage call, with a body it accepts. */
const manageCalls: Array<[string, 'GET' | 'POST', string, unknown]> = [
  ['get_accounts', 'POST', adminApi.accounts, {}],
  ['get_account', 'GET', '/api/manage/get_account/1', undefined],
  ['update_account', 'POST', adminApi.updateAccount, { account: { name: 'X' } }],
  ['get_users', 'POST', adminApi.users, {}],
  ['get_users analysts', 'POST', adminApi.users, { type: 'analysts' }],
  ['get_user', 'GET', '/api/manage/get_user/1', undefined],
  ['update_user', 'POST', adminApi.updateUser, newUser(1)],
  ['create_user', 'POST', adminApi.createUser, newUser(1)],
  ['invite', 'POST', adminApi.invite, { email: 'x@example.test', level: 'user', name: 'X' }],
  ['get_profiles', 'POST', adminApi.profiles, {}],
  ['get_analyst', 'GET', '/api/manage/get_analyst/a1', undefined],
  ['update_analyst', 'POST', adminApi.updateAnalyst, { analyst: { id: 'a1', global_name: 'G' } }],
  ['get_user_accounts', 'POST', adminApi.userAccounts, {}],
  ['account portfolio users', 'POST', adminApi.accountPortfolioUsers, {}],
  ['audit log', 'POST', adminApi.auditLog, {}],
  [
    'admin_signup_user',
    'POST',
    adminApi.adminSignupUser,
    { signupData: { email: 'x@example.test', password: 'Passw0rd1', first_name: 'X', last_name: 'Y' } },
  ],
  ['get_all_analysts_global_name', 'POST', adminApi.analystsGlobalNames, {}],
  ['update analyst global name', 'POST', adminApi.updateAnalystGlobalName, { id: 'a1', global_name: 'G' }],
  ['support requests', 'POST', supportApi.list, {}],
  ['mark support handled', 'POST', supportApi.markHandled, { id: 1 }],
];

describe('the manage calls are for admins only', () => {
  it.each(manageCalls)('%s refuses an anonymous caller with 401', async (_name, method, url, body) => {
    const response = await client().request(method, url, body);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ status: false, msg: messages.session.required });
  });

  it.each(manageCalls)('%s refuses an ordinary user with 403', async (_name, method, url, body) => {
    const user = client();
    await signIn(user, await createUser(t.app));
    const response = await user.request(method, url, body);
    expect(response.status).toBe(403);
    expect(response.body.status).toBe(false);
  });
});

describe('client admins manage the users of their own account only', () => {
  let own: number;
  let other: number;
  let clientAdmin: HttpClient;
  beforeAll(async () => {
    own = await saveAccount({ name: 'Own Capital' });
    other = await saveAccount({ name: 'Other Capital' });
    await admin.post(adminApi.updateUser, newUser(other, { email: 'outsider@example.test' }));
    const created = await admin.post(
      adminApi.updateUser,
      newUser(own, {
        email: 'boss@example.test',
        password: 'Boss12',
        repeatPassword: 'Boss12',
        client_admin: true,
      }),
    );
    expect(created.status, created.text).toBe(200);
    clientAdmin = client();
    await signIn(clientAdmin, { email: 'boss@example.test', password: 'Boss12' });
  });

  it('lists only the users of their account, and only their account', async () => {
    const users = await clientAdmin.post(adminApi.users, { search: '' });
    expect(users.status).toBe(200);
    expect(users.body.data.map((u: { account: { id: number } }) => u.account.id)).toEqual([own]);
    const accounts = await clientAdmin.post(adminApi.userAccounts, {});
    expect(accounts.body.data).toEqual([{ id: own, name: 'Own Capital' }]);
  });

  it.each([
    ['lists another account', adminApi.users, { account_id: 0 }],
    ['creates a user in another account', adminApi.updateUser, 'other-user'],
    ['invites into another account', adminApi.invite, 'other-invite'],
    ['reads the accounts', adminApi.accounts, {}],
    ['lists the analysts', adminApi.users, { type: 'analysts' }],
  ])('refuses with 403 when it %s', async (_case, url, body) => {
    const payload =
      body === 'other-user'
        ? newUser(other)
        : body === 'other-invite'
          ? { email: 'new@example.test', level: 'user', name: 'N', account_id: other }
          : body && typeof body === 'object' && 'account_id' in body
            ? { account_id: other }
            : body;
    const response = await clientAdmin.post(url, payload);
    expect(response.status).toBe(403);
  });

  it('refuses to read or edit a user of another account', async () => {
    const outsider = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'outsider@example.test')
      .executeTakeFirstOrThrow();
    expect((await clientAdmin.get(`/api/manage/get_user/${outsider.id}`)).status).toBe(403);
    const edit = await clientAdmin.post(
      adminApi.updateUser,
      newUser(own, { id: outsider.id, email: 'outsider@example.test' }),
    );
    expect(edit.status).toBe(403);
  });

  it('creates a user in their own account, who can sign in', async () => {
    const body = newUser(own, { email: 'teammate@example.test' });
    const response = await clientAdmin.post(adminApi.createUser, body);
    expect(response.body).toMatchObject({ status: true, msg: adminMessages.userCreated });
    expect(
      (await client().post(accountApi.login, loginBody('teammate@example.test', 'Member1'))).status,
    ).toBe(200);
  });
});

describe('accounts', () => {
  it('keep a master and linked profiles, a valid-to date, the trail flag and an API key', async () => {
    const master = await profile('growth_fund', 'growth@example.test');
    const linked = await profile('value_fund');
    const id = await saveAccount({
      name: 'Northwind',
      master_profile: master,
      linked_profiles: [linked],
      valid_to: day(20),
      trail: true,
    });
    const response = await admin.get(`/api/manage/get_account/${id}`);
    expect(response.body.data).toMatchObject({
      name: 'Northwind',
      master_profile: { id: master, name: 'growth_fund', email: 'growth@example.test' },
      linked_profiles: [{ id: linked, name: 'value_fund', email: null }],
      valid_to: day(20),
      trail: true,
    });
    expect(response.body.data.api_key).toMatch(/[\w-]{20,}/);
    const list = await admin.post(adminApi.accounts, { search: 'northw', sort: 'name' });
    expect(list.body.data.map((a: { id: number }) => a.id)).toEqual([id]);
  });

  it('refuses a valid-to date beyond the limit, naming the field', async () => {
    const response = await admin.post(adminApi.updateAccount, {
      account: { name: 'Far', valid_to: '2199-01-01' },
    });
    expect(response.status).toBe(400);
    expect(response.body.field).toBe('account.valid_to');
    expect(response.body.msg).toContain('cannot be after');
  });

  it("drive the members' banner, and an expired account stops their sign-in with whom to contact", async () => {
    const id = await saveAccount({ name: 'Trial Co', valid_to: day(9), trail: true });
    await admin.post(adminApi.updateUser, newUser(id, { email: 'trialist@example.test' }));
    const member = client();
    const login = await signIn(member, { email: 'trialist@example.test', password: 'Member1' });
    const banner = subscriptionBanner(login.body.data);
    expect(banner).toMatchObject({ kind: 'trial', days: 9 });
    expect(banner!.message).toBe(
      'You have used 1 out of 10 days of your trial subscription. Contact Sales Team within the next 9 days to ensure continued access.',
    );

    await saveAccount({ id, name: 'Trial Co', valid_to: day(20), trail: false });
    const active = await signIn(client(), { email: 'trialist@example.test', password: 'Member1' });
    expect(subscriptionBanner(active.body.data)?.message).toBe(
      'Attention! Your subscription will expire in 20 days',
    );

    await saveAccount({ id, name: 'Trial Co', valid_to: day(-1), trail: false });
    const refused = await client().post(accountApi.login, loginBody('trialist@example.test', 'Member1'));
    expect(refused.status).toBe(401);
    expect(refused.body.msg).toBe(messages.login.accountExpired);
    expect(refused.body.msg).toContain('contact the Sales Team');
    // The session opened before the expiry ended with it.
    expect((await member.post(accountApi.currentUser)).status).toBe(401);
  });
});

describe('the user form rules', () => {
  it.each([
    ['an invalid e-mail', { email: 'nope' }, 'user.email', adminMessages.invalidEmail],
    [
      'a 4-character password',
      { password: 'abcd', repeatPassword: 'abcd' },
      'user.password',
      adminMessages.passwordShort,
    ],
    [
      'a repeat that differs',
      { repeatPassword: 'Other1' },
      'user.repeatPassword',
      adminMessages.passwordMismatch,
    ],
  ])('refuses %s', async (_case, overrides, field, message) => {
    const account = await saveAccount({ name: 'Rules' });
    const response = await admin.post(adminApi.updateUser, newUser(account, overrides));
    expect(response.status).toBe(400);
    expect(response.body.field).toBe(field);
    expect(response.body.msg).toContain(message);
  });

  it('pages, searches and sorts the users on the server', async () => {
    const account = await saveAccount({ name: 'Paging Ltd' });
    for (const name of ['Cleo', 'Abe', 'Bea']) {
      await admin.post(
        adminApi.updateUser,
        newUser(account, { email: `${name.toLowerCase()}@paging.test`, first_name: name }),
      );
    }
    const first = await admin.post(adminApi.users, {
      search: 'paging.test',
      sort: 'email',
      dir: 'desc',
      page_size: 2,
    });
    expect(first.body.total).toBe(3);
    expect(first.body.data.map((u: { email: string }) => u.email)).toEqual([
      'cleo@paging.test',
      'bea@paging.test',
    ]);
    const second = await admin.post(adminApi.users, {
      search: 'paging.test',
      sort: 'email',
      dir: 'desc',
      page_size: 2,
      page: 2,
    });
    expect(second.body.data.map((u: { email: string }) => u.email)).toEqual(['abe@paging.test']);
  });
});

describe('invitations', () => {
  it('mail a link that sets the password once', async () => {
    const account = await saveAccount({ name: 'Invited Inc' });
    const sent = await admin.post(adminApi.invite, {
      email: 'Invitee@Example.test',
      level: 'client_admin',
      name: 'Ivy Vee',
      account_id: account,
    });
    expect(sent.body).toEqual({ status: true, msg: adminMessages.invited('invitee@example.test') });
    const [mail] = await mailsTo('invitee@example.test');
    const code = linkCode(mail!);

    const set = await client().post(accountApi.changePass, {
      passData: { new_pass: 'Invited1a', validation_code: code },
    });
    expect(set.body).toEqual({ status: true, msg: messages.password.resetDone });
    const login = await signIn(client(), { email: 'invitee@example.test', password: 'Invited1a' });
    expect(login.body.data).toMatchObject({ first_name: 'Ivy', last_name: 'Vee', client_admin: true });

    const again = await client().post(accountApi.changePass, {
      passData: { new_pass: 'Another1a', validation_code: code },
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(messages.password.resetCodeInvalid);
  });

  it('expire', async () => {
    const account = await saveAccount({ name: 'Late Ltd' });
    await admin.post(adminApi.invite, {
      email: 'late@example.test',
      level: 'user',
      name: 'Lee',
      account_id: account,
    });
    const code = linkCode((await mailsTo('late@example.test'))[0]!);
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'late@example.test')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const set = await client().post(accountApi.changePass, {
      passData: { new_pass: 'Invited1a', validation_code: code },
    });
    expect(set.status).toBe(400);
    expect(set.body.msg).toBe(messages.password.resetCodeInvalid);
  });

  it('are sent to a new user created without a password', async () => {
    const account = await saveAccount({ name: 'No Pass' });
    const response = await admin.post(
      adminApi.createUser,
      newUser(account, { email: 'nopass@example.test', password: '', repeatPassword: '' }),
    );
    expect(response.body).toMatchObject({ status: true, msg: adminMessages.userCreated });
    expect(linkCode((await mailsTo('nopass@example.test'))[0]!)).toBeTruthy();
  });

  it('give the admin level only when a system admin invites', async () => {
    const boss = await createUser(t.app, { client_admin: true });
    const clientAdmin = client();
    await signIn(clientAdmin, boss);
    const response = await clientAdmin.post(adminApi.invite, {
      email: 'root@example.test',
      level: 'admin',
      name: 'R',
    });
    expect(response.status).toBe(403);
    expect(response.body.msg).toBe(adminMessages.adminOnlyLevel);
  });
});

describe('the audit log', () => {
  it('records who changed what, with before and after, filterable by user and date', async () => {
    const id = await saveAccount({ name: 'Audited' });
    await saveAccount({ id, name: 'Audited Twice', valid_to: day(30), trail: false });
    const log = await admin.post(adminApi.auditLog, {
      actor_id: adminId,
      from: day(0),
      to: day(0),
      entity: 'account',
    });
    expect(log.status).toBe(200);
    const entry = log.body.data.find(
      (e: { entity_id: string; action: string }) => e.entity_id === String(id) && e.action === 'update',
    );
    expect(entry).toMatchObject({
      actor: { id: adminId },
      entity: 'account',
      before: { name: 'Audited', valid_to: null },
      after: { name: 'Audited Twice', valid_to: day(30) },
    });
    expect(JSON.stringify(entry)).not.toMatch(/api_key":"\w{20}/);
    expect(log.body.actors).toContainEqual(expect.objectContaining({ id: adminId }));
    const yesterday = await admin.post(adminApi.auditLog, { from: day(-2), to: day(-1) });
    expect(yesterday.body.total).toBe(0);
  });

  it("records an analyst's new global name", async () => {
    await sql`insert into analysts (id, name, firm) values ('an-1', 'Jane Q Doe', 'Firm')`.execute(t.app.db);
    const saved = await admin.post(adminApi.updateAnalyst, {
      analyst: { id: 'an-1', global_name: 'J. Doe' },
    });
    expect(saved.status, saved.text).toBe(200);
    const analyst = await admin.get('/api/manage/get_analyst/an-1');
    expect(analyst.body.data).toMatchObject({
      first_name: 'Jane',
      last_name: 'Q Doe',
      global_name: 'J. Doe',
    });
    const names = await admin.post(adminApi.analystsGlobalNames);
    expect(names.body.data).toContainEqual({ id: 'an-1', name: 'Jane Q Doe', global_name: 'J. Doe' });
    const log = await admin.post(adminApi.auditLog, { entity: 'analyst' });
    expect(log.body.data[0]).toMatchObject({
      before: { global_name: null },
      after: { global_name: 'J. Doe' },
    });
    const blank = await admin.post(adminApi.updateAnalyst, { analyst: { id: 'an-1', global_name: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toContain(adminMessages.globalNameRequired);
  });

  it('records an app portfolio made and switched on', async () => {
    const added = await admin.post('/api/finance/add_portfolio', {
      title: 'Audit picks',
      app: 'insight',
      date: '2026-01-01',
    });
    expect(added.status, added.text).toBe(200);
    const id = added.body.data.id as number;
    await admin.post('/api/finance/make_portfolio_active', { portfolio: id, active: true });
    const log = await admin.post(adminApi.auditLog, { entity: 'app_portfolio' });
    const entries = log.body.data.filter((e: { entity_id: string }) => e.entity_id === String(id));
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['set_active', 'create']);
    expect(entries[0]).toMatchObject({
      before: { active: false },
      after: { active: true, title: 'Audit picks' },
    });
  });
});
