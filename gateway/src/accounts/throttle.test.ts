import { accountApi, messages } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, loginBody } from '../../test/factories/users';
import { HttpClient } from '../../test/http';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '8',
    LOGIN_THROTTLE_MINUTES: '15',
  });
});
afterAll(async () => t.close());

const post = (body: unknown) => new HttpClient(t.baseUrl).post(accountApi.login, body);

describe('failed sign-ins are throttled', () => {
  it('per account: after 3 failures even the right password waits, with a clear message', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 3; i++) expect((await post(loginBody(user.email, 'Wrong1234'))).status).toBe(401);
    const blocked = await post(loginBody(user.email, user.password));
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toBe(messages.login.throttledAccount(15));
  });

  it('a success clears the account’s failures', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 2; i++) await post(loginBody(user.email, 'Wrong1234'));
    expect((await post(loginBody(user.email, user.password))).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await post(loginBody(user.email, 'Wrong1234'))).status).toBe(401);
    expect((await post(loginBody(user.email, user.password))).status).toBe(200);
  });

  it('per address: many accounts tried from one address are stopped', async () => {
    // This address has 3 failures from the first test and 4 from the second (a success clears an
    // account's failures, not the address's); one more reaches the limit of 8.
    expect((await post(loginBody('someone-else@example.test', 'Wrong1234'))).status).toBe(401);
    const victim = await createUser(t.app);
    const blocked = await post(loginBody(victim.email, victim.password));
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toBe(messages.login.throttledAddress(15));
  });
});
