import { accountApi, demoAccounts, messages } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ DEMO_SEED: '1' });
});
afterAll(async () => t.close());

const client = () => new HttpClient(t.baseUrl);
const demo = (role: string) => demoAccounts.find((account) => account.role === role)!;
const newProfile = (overrides: Record<string, string> = {}) => ({
  first_name: 'Growth',
  last_name: 'Fund',
  email: 'growth.fund@example.test',
  password: 'Gr0wthFund',
  ...overrides,
});

describe('roles are enforced on the server', () => {
  it('refuses an anonymous caller with 401', async () => {
    const response = await client().post(accountApi.adminCreateProfile, newProfile());
    expect(response.status).toBe(401);
  });

  it.each(['user', 'client_admin', 'profile'])('refuses a %s with 403 on an admin call', async (role) => {
    const browser = client();
    await signIn(browser, demo(role));
    const response = await browser.post(accountApi.adminCreateProfile, newProfile());
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ status: false, msg: messages.session.forbidden });
  });

  it('takes a role change at the next request, without a new sign-in', async () => {
    const user = await createUser(t.app);
    const browser = client();
    await signIn(browser, user);
    expect(
      (
        await browser.post(
          accountApi.adminCreateProfile,
          newProfile({ email: 'x1@example.test', last_name: 'X1' }),
        )
      ).status,
    ).toBe(403);
    await t.app.db.updateTable('users').set({ is_admin: true }).where('id', '=', user.id).execute();
    expect(
      (
        await browser.post(
          accountApi.adminCreateProfile,
          newProfile({ email: 'x1@example.test', last_name: 'X1' }),
        )
      ).status,
    ).toBe(200);
  });
});

describe('an admin registers a new profile', () => {
  it('creates a profile-type account with its own investment profile', async () => {
    const admin = client();
    await signIn(admin, demo('admin'));
    const created = await admin.post(accountApi.adminCreateProfile, newProfile());
    expect(created.body).toEqual({ status: true, msg: messages.register.created });

    const profile = client();
    const login = await signIn(profile, { email: 'growth.fund@example.test', password: 'Gr0wthFund' });
    expect(login.body.data.account_type).toBe('profile');
    const names = login.body.data.available_profiles.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Default', 'growth_fund']);
    expect(login.body.data.current_profile).toBe(login.body.data.available_profiles[1].id);

    const adminView = (await admin.post(accountApi.currentUser)).body.data;
    expect(adminView.available_profiles.map((p: { name: string }) => p.name)).toContain('growth_fund');
  });

  it('refuses a taken e-mail or profile name with the spec’s message', async () => {
    const admin = client();
    await signIn(admin, demo('admin'));
    for (const body of [
      newProfile({ email: 'demo@insight.test', last_name: 'Other' }),
      newProfile({ email: 'another@example.test' }),
    ]) {
      const response = await admin.post(accountApi.adminCreateProfile, body);
      expect(response.status).toBe(409);
      expect(response.body.msg).toBe(messages.register.taken);
    }
  });

  it('validates the form as the spec says', async () => {
    const admin = client();
    await signIn(admin, demo('admin'));
    const response = await admin.post(
      accountApi.adminCreateProfile,
      newProfile({ password: 'alllowercase1' }),
    );
    expect(response.status).toBe(400);
    expect(response.body.field).toBe('password');
  });
});
