import { accountApi, alertsApi, messages, userSchema } from '@insight/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, loginBody, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { sessionCookieName, sessionRecheckMs } from '../platform/session';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const client = () => new HttpClient(t.baseUrl);

describe('signing in with e-mail and password', () => {
  it('answers the user and sets an HttpOnly SameSite session cookie', async () => {
    const user = await createUser(t.app, { nickname: 'Trader Joe' });
    const browser = client();
    const response = await signIn(browser, user);
    expect(response.body.status).toBe(true);
    expect(response.body.data.email).toBe(user.email);
    expect(response.body.access_token).toBeUndefined();
    const cookie = browser.setCookieHeaders.get(sessionCookieName)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Expires=/i); // without remember-me it ends with the browser
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const user = await createUser(t.app);
    const response = await client().post(
      accountApi.login,
      loginBody(`  ${user.email.toUpperCase()} `, user.password),
    );
    expect(response.status).toBe(200);
  });

  it('gives a fresh cookie at every login and ends the session it replaces', async () => {
    const user = await createUser(t.app);
    const browser = client();
    await signIn(browser, user);
    const first = browser.cookies.get(sessionCookieName)!;
    await signIn(browser, user);
    const second = browser.cookies.get(sessionCookieName)!;
    expect(second).not.toBe(first);

    const stale = client();
    stale.cookies.set(sessionCookieName, first);
    expect((await stale.post(accountApi.currentUser)).status).toBe(401);
    expect((await browser.post(accountApi.currentUser)).status).toBe(200);
  });

  it('refuses a wrong password and an unknown address with the same 401 message', async () => {
    const user = await createUser(t.app);
    const wrong = await client().post(accountApi.login, loginBody(user.email, 'Wrong1234'));
    const unknown = await client().post(accountApi.login, loginBody('nobody@example.test', 'Wrong1234'));
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ status: false, msg: messages.login.wrongCredentials });
    }
  });

  it('refuses a user whose account has expired, with a message that links to contact', async () => {
    const user = await createUser(t.app, { account: { valid_to: '2020-01-31' } });
    const response = await client().post(accountApi.login, loginBody(user.email, user.password));
    expect(response.status).toBe(401);
    expect(response.body.msg).toContain('<a href="/contact">');
  });

  it('also signs in through POST /api/v1/auth/login and out through /api/v1/auth/logout', async () => {
    const user = await createUser(t.app);
    const browser = client();
    const response = await browser.post(accountApi.v1Login, { email: user.email, password: user.password });
    expect(response.status).toBe(200);
    expect((await browser.post(accountApi.currentUser)).status).toBe(200);
    expect((await browser.post(accountApi.v1Logout)).body).toEqual({ status: true });
    expect((await browser.post(accountApi.currentUser)).status).toBe(401);
  });
});

describe('bad input answers 400 naming the field, with no stack trace', () => {
  it.each([
    ['no body', undefined, 'body'],
    ['no loginData', {}, 'loginData'],
    ['an unknown method', { loginData: { method: 'magic' } }, 'loginData.method'],
    ['an invalid e-mail', loginBody('not-an-email', 'x'), 'loginData.credentials.email'],
    ['an empty password', loginBody('a@b.test', ''), 'loginData.credentials.password'],
    [
      'a password over 20 characters',
      loginBody('a@b.test', 'x'.repeat(21)),
      'loginData.credentials.password',
    ],
    ['a token method without a token', { loginData: { method: 'token' } }, 'loginData.auth_token'],
  ])('%s', async (_case, body, field) => {
    const response = await client().post(accountApi.login, body);
    expect(response.status).toBe(400);
    expect(response.body.status).toBe(false);
    expect(response.body.field).toBe(field);
    expect(response.body.msg).toContain(field);
    expect(response.text).not.toMatch(/at .*\.ts:\d+/);
  });

  it('says which message the spec gives for an invalid e-mail', async () => {
    const response = await client().post(accountApi.login, loginBody('nope', 'x'));
    expect(response.body.msg).toContain(messages.login.invalidEmail);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await client().post(accountApi.login, '{"loginData":');
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('The request body is not valid JSON');
  });
});

describe('the current user', () => {
  it('carries every User field of spec 000 §3', async () => {
    const user = await createUser(t.app, { first_name: 'Ada', nickname: 'ada' });
    const browser = client();
    await signIn(browser, user);
    const response = await browser.post(accountApi.currentUser);
    expect(response.status).toBe(200);
    const parsed = userSchema.strict().parse(response.body.data);
    expect(parsed).toMatchObject({
      email: user.email,
      nickname: 'ada',
      first_name: 'Ada',
      account_type: 'user',
    });
    expect(parsed.available_profiles.map((p) => p.name)).toEqual(['Default']);
    expect(parsed.current_profile).toBe(parsed.available_profiles[0]!.id);
    expect(parsed.system_sectors).toHaveLength(11);
    expect(parsed.session_token).not.toBe(browser.cookies.get(sessionCookieName));
  });

  it('reports the days left and the trial length of a trial account', async () => {
    const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const user = await createUser(t.app, { account: { valid_to: inTenDays, trail: true, trial_days: 30 } });
    const browser = client();
    await signIn(browser, user);
    const { data } = (await browser.post(accountApi.currentUser)).body;
    expect(data.valid_to).toBe(10);
    expect(data.trail).toBe(30);
    expect(data.subscription_status).toBeNull();
  });

  it('is refused without a session', async () => {
    const response = await client().post(accountApi.currentUser);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ status: false, msg: messages.session.required });
  });
});

describe('session lifetimes', () => {
  it('ends a session idle for longer than the idle lifetime', async () => {
    const user = await createUser(t.app);
    const browser = client();
    await signIn(browser, user);
    const idleMinutes = t.config.session.idleMs / 60_000 + 1;
    await sql`update sessions set last_seen_at = now() - make_interval(mins => ${idleMinutes}) where user_id = ${user.id}`.execute(
      t.app.db,
    );
    expect((await browser.post(accountApi.currentUser)).status).toBe(401);
  });

  it('ends a session past its absolute lifetime even when it is in use', async () => {
    const user = await createUser(t.app);
    const browser = client();
    await signIn(browser, user);
    await sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`.execute(
      t.app.db,
    );
    expect((await browser.post(accountApi.currentUser)).status).toBe(401);
  });
});

describe('sessions kept in memory for reads', () => {
  const read = (browser: HttpClient) => browser.get(alertsApi.facets);

  it('refuses a signed-out session at once, on reads as on changes', async () => {
    const user = await createUser(t.app);
    const browser = client();
    await signIn(browser, user);
    expect((await read(browser)).status).toBe(200);
    const stolen = new Map(browser.cookies);
    expect((await browser.post(accountApi.logout)).status).toBe(200);
    const thief = client();
    for (const [name, value] of stolen) thief.cookies.set(name, value);
    expect((await read(thief)).status).toBe(401);
  });

  it('authorises a change on a session read afresh, and a read on one read within sessionRecheckMs', async () => {
    const user = await createUser(t.app);
    const browser = client();
    await signIn(browser, user);
    expect((await read(browser)).status).toBe(200);
    // Ended in the database behind the store's back (an expiry, another process).
    await sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`.execute(
      t.app.db,
    );
    expect((await browser.post(accountApi.currentUser)).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, sessionRecheckMs + 50));
    expect((await read(browser)).status).toBe(401);
  });
});

describe('remember me', () => {
  const tokenLogin = (token: string) => ({
    loginData: { method: 'token', auth_token: token, remember_me: true },
  });

  it('returns an access_token that signs in again, rotated on every use', async () => {
    const user = await createUser(t.app);
    const first = await signIn(client(), user, true);
    const token1 = first.body.access_token as string;
    expect(token1).toMatch(/^[\w-]{40,}$/);

    const second = await client().post(accountApi.login, tokenLogin(token1));
    expect(second.status).toBe(200);
    expect(second.body.data.email).toBe(user.email);
    const token2 = second.body.access_token as string;
    expect(token2).not.toBe(token1);

    const stored = await t.app.db
      .selectFrom('tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token1);
    expect(stored.map((row) => row.token_hash)).not.toContain(token2);
  });

  it('refuses a spent token, and then every token of that user, since it must have leaked', async () => {
    const user = await createUser(t.app);
    const token1 = (await signIn(client(), user, true)).body.access_token as string;
    const token2 = (await client().post(accountApi.login, tokenLogin(token1))).body.access_token as string;

    const replay = await client().post(accountApi.login, tokenLogin(token1));
    expect(replay.status).toBe(401);
    expect(replay.body.msg).toBe(messages.login.invalidToken);
    expect((await client().post(accountApi.login, tokenLogin(token2))).status).toBe(401);
  });

  it('revokes the token at logout', async () => {
    const user = await createUser(t.app);
    const browser = client();
    const token = (await signIn(browser, user, true)).body.access_token as string;
    expect(browser.setCookieHeaders.get(sessionCookieName)).toMatch(/Expires=/i);
    expect((await browser.post(accountApi.logout)).body).toEqual({ status: true });
    expect(browser.cookies.has(sessionCookieName)).toBe(false);
    expect((await browser.post(accountApi.currentUser)).status).toBe(401);
    expect((await client().post(accountApi.login, tokenLogin(token))).status).toBe(401);
  });
});
