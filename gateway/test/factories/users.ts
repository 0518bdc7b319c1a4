import type { NewUser } from '../../src/platform/schema';
import type { App } from '../../src/app';
import { hashPassword } from '../../src/accounts/passwords';
import { accountsRepo } from '../../src/accounts/repo';
import { accountApi } from '@insight/shared';
import type { HttpClient } from '../http';

let sequence = 0;

export interface UserOverrides extends Partial<Omit<NewUser, 'password_hash' | 'account_id'>> {
  password?: string;
  account?: { valid_to?: string | null; trail?: boolean; trial_days?: number };
}

/** A user in the real database, with its own account; returns its e-mail and password for signing in. */
export async function createUser(app: App, overrides: UserOverrides = {}) {
  sequence += 1;
  const { password = 'Passw0rd1', account = {}, ...fields } = overrides;
  const email = fields.email ?? `user${sequence}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const repo = accountsRepo(app.db);
  const accountId = await repo.createAccount({
    name: `Account ${sequence}`,
    valid_to: null,
    trail: false,
    ...account,
  });
  const id = await repo.createUser({
    account_id: accountId,
    email,
    password_hash: await hashPassword(password),
    nickname: null,
    first_name: 'Test',
    last_name: `User${sequence}`,
    account_type: 'user',
    current_profile_id: null,
    app_id: null,
    app_flavor: null,
    last_activity_at: null,
    ...fields,
  });
  return { id, email, password };
}

export function loginBody(email: string, password: string, remember = false) {
  return { loginData: { method: 'email', credentials: { email, password }, remember_me: remember } };
}

/** Signs the client in over HTTP and returns the login answer. */
export async function signIn(
  client: HttpClient,
  user: { email: string; password: string },
  remember = false,
) {
  const response = await client.post(accountApi.login, loginBody(user.email, user.password, remember));
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
  return response;
}
