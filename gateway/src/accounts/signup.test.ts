import { accountApi, demoAccounts, demoAppId, messages } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, loginBody, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { seedDemoAccounts } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ DEMO_SEED: '1' });
});
afterAll(async () => t.close());

const client = () => new HttpClient(t.baseUrl);
const signupData = (overrides: Record<string, unknown> = {}) => ({
  signupData: {
    email: 'new.investor@example.test',
    password: 'Invest0r!',
    first_name: 'New',
    last_name: 'Investor',
    account_name: 'NI Capital',
    ...overrides,
  },
});

describe('sign-up', () => {
  it('creates an account on a 14-day trial whose user can sign in', async () => {
    const response = await client().post(accountApi.signup, signupData());
    expect(response.body).toEqual({ status: true, msg: messages.register.created });
    const login = await client().post(accountApi.login, loginBody('new.investor@example.test', 'Invest0r!'));
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({
      first_name: 'New',
      trail: 14,
      valid_to: 14,
      subscription_status: null,
    });
  });

  it('refuses an address already taken', async () => {
    const user = await createUser(t.app);
    const response = await client().post(accountApi.signup, signupData({ email: user.email }));
    expect(response.status).toBe(409);
    expect(response.body.msg).toBe(messages.register.taken);
  });

  it.each([
    ['a weak password', { password: 'password' }, 'signupData.password', messages.password.rule],
    ['an invalid e-mail', { email: 'x@y' }, 'signupData.email', messages.login.invalidEmail],
    ['a first name over 100 characters', { first_name: 'x'.repeat(101) }, 'signupData.first_name', '100'],
    ['no last name', { last_name: '' }, 'signupData.last_name', 'Last name is required'],
  ])('refuses %s with 400 naming the field', async (_case, overrides, field, text) => {
    const response = await client().post(accountApi.signup, signupData(overrides));
    expect(response.status).toBe(400);
    expect(response.body.field).toBe(field);
    expect(response.body.msg).toContain(text);
  });
});

describe('demo accounts (DEMO_SEED=1)', () => {
  it.each(demoAccounts.map((demo) => [demo.email, demo]))(
    '%s signs in with its documented password and role',
    async (_email, demo) => {
      const response = await client().post(accountApi.login, loginBody(demo.email, demo.password));
      expect(response.status).toBe(200);
      const user = response.body.data;
      expect(user.is_admin).toBe(demo.role === 'admin');
      expect(user.client_admin).toBe(demo.role === 'client_admin');
      expect(user.account_type).toBe(demo.role === 'profile' ? 'profile' : 'user');
      expect(user.available_profiles.map((p: { name: string }) => p.name)).toContain('Default');
    },
  );

  it('are created once: seeding again adds nothing and keeps a changed password', async () => {
    const demo = demoAccounts[0];
    const browser = client();
    await signIn(browser, demo);
    await browser.post(accountApi.changePassDirect, {
      passData: { current_pass: demo.password, new_pass: 'Changed12' },
    });
    const before = await t.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await seedDemoAccounts(t.app.db, t.app.log);
    const after = await t.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await client().post(accountApi.login, loginBody(demo.email, 'Changed12'))).status).toBe(200);
  });

  it('signs the demo user in by app id, for the mobile view', async () => {
    const browser = client();
    const response = await browser.post(accountApi.appLogin, { app_id: demoAppId });
    expect(response.status).toBe(200);
    expect(response.body.data.email).toBe('demo@insight.test');
    expect((await browser.post(accountApi.currentUser)).status).toBe(200);
    const unknown = await client().post(accountApi.appLogin, { app_id: 'no-such-app' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.msg).toBe(messages.login.invalidAppId);
    expect((await client().post(accountApi.appLogin, {})).status).toBe(400);
  });
});
